import { type ReactNode, createContext, useCallback, useContext, useEffect } from 'react';
import { useIsVisitStart } from '@/lib/navigation';
import { useDocumentTitle } from '@/lib/use-document-title';
import { focusLost, useFocusOnArrival } from './focus-on-arrival';

const FocusHeading = createContext<() => void>(() => {});

/**
 * Puts focus on the screen's heading if focus was lost (the control that had it went away), for
 * content that came in place of what had focus. Inside a Page; elsewhere it does nothing.
 */
export const useFocusHeading = () => useContext(FocusHeading);

/**
 * A screen: sets the document title and moves focus to its heading when it mounts, so keyboard
 * and screen-reader users land at the start of the new screen after navigation.
 */
export function Page({
  title,
  heading,
  actions,
  children,
  focusHeading = true,
  focusOnArrival = null,
}: {
  title: string;
  heading?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  focusHeading?: boolean;
  /**
   * Content that came in place of what had focus (a first load after its failure took its Try
   * again away): each new value gives the heading focus, if focus was lost.
   */
  focusOnArrival?: unknown;
}) {
  useDocumentTitle(title);
  const ref = useFocusOnArrival<HTMLHeadingElement>(focusOnArrival);
  // the first page of a visit keeps the browser's own start (the skip link comes first);
  // after an in-app navigation (a Back to that first page too), focus lands on the heading
  const initialEntry = useIsVisitStart();
  useEffect(() => {
    if (focusHeading && !initialEntry) ref.current?.focus({ preventScroll: false });
  }, [focusHeading, initialEntry, ref]);
  const focusOwnHeading = useCallback(() => {
    if (focusLost()) ref.current?.focus();
  }, [ref]);
  return (
    <FocusHeading value={focusOwnHeading}>
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1
            ref={ref}
            tabIndex={-1}
            // an id with no break in it (a database id, a long return number) wraps rather than
            // widening the page on a narrow screen
            className="min-w-0 text-2xl font-bold wrap-anywhere text-slate-900 focus:outline-none"
          >
            {heading ?? title}
          </h1>
          {actions}
        </div>
        {children}
      </div>
    </FocusHeading>
  );
}
