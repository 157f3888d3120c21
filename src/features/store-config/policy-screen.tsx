import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { CODE_KEY } from '@/api/query-keys';
import type { ContentDocument } from '@/api/schemas/store-config';
import { ApiErrorAlert, useLoadFailure } from '@/components/api-error-alert';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { importOnce } from '@/lib/import-once';
import { useStoreConfig } from '@/lib/use-store-config';
import { isHtml, isPublished } from './policy-content';

// DOMPurify (9 KB gzip) is needed only once a document has arrived: it downloads beside the store
// config instead of holding back the screen's first paint (docs/performance.md).
const loadSanitizer = importOnce(() =>
  import('@/lib/sanitize').then(({ sanitizeHtml }) => ({ sanitizeHtml })),
);
// started with the screen; a failure here is shown where a document needs it
loadSanitizer().catch(() => undefined);

/**
 * The sanitiser's code as a query: its failure (offline, or a deploy that replaced the chunk) is
 * said, not a suspended render that asks again at once. The way on is a reload: the browser keeps
 * a module it failed to fetch failed for the page's life (ApiErrorAlert offers that).
 */
const sanitizerQuery = {
  queryKey: [CODE_KEY, 'sanitizer'],
  queryFn: loadSanitizer,
  staleTime: Infinity,
  gcTime: Infinity,
  // a module, not data: kept as it is
  structuralSharing: false,
} as const;

/**
 * A table wider than the page scrolls sideways in a box of its own (the sanitiser's
 * `.prose-table`): one that does is a named stop in the Tab order, so the keyboard can scroll it
 * (Chrome makes a scroller focusable by itself; Safari and Firefox do not). One that fits is no
 * stop at all. Checked again whenever the document's width changes (zoom, rotation).
 */
function useScrollableTables(doc: RefObject<HTMLDivElement | null>, html: string | undefined) {
  useEffect(() => {
    const element = doc.current;
    if (!element) return;
    const mark = () => {
      for (const box of element.querySelectorAll<HTMLElement>('.prose-table')) {
        if (box.scrollWidth > box.clientWidth) {
          const caption = box.querySelector('caption')?.textContent?.trim();
          box.tabIndex = 0;
          box.setAttribute('role', 'region');
          box.setAttribute('aria-label', `${caption || 'Table'} (scrolls sideways)`);
        } else {
          for (const name of ['tabindex', 'role', 'aria-label']) box.removeAttribute(name);
        }
      }
    };
    mark();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(mark);
    observer.observe(element);
    return () => observer.disconnect();
  }, [doc, html]);
}

function SanitizedHtml({ html }: { html: string }) {
  const sanitizer = useQuery(sanitizerQuery);
  const sanitizeHtml = sanitizer.data?.sanitizeHtml;
  const clean = useMemo(() => sanitizeHtml?.(html), [sanitizeHtml, html]);
  const doc = useRef<HTMLDivElement>(null);
  useScrollableTables(doc, clean);
  if (clean !== undefined) {
    // sanitised with DOMPurify: no scripts, handlers or non-http(s) URLs remain
    return (
      <div
        ref={doc}
        dir="auto"
        className="prose-doc max-w-prose"
        dangerouslySetInnerHTML={{ __html: clean }}
      />
    );
  }
  if (sanitizer.isError) return <ApiErrorAlert error={sanitizer.error} />;
  return <Loading />;
}

/**
 * A policy document: HTML is sanitised; any other type is shown as plain text, never parsed. One
 * left empty is said to be unpublished, not a heading over nothing.
 */
export function PolicyDocument({
  doc,
  unpublished,
}: {
  doc: ContentDocument;
  unpublished: string;
}) {
  // the store page (store-info-screen.tsx) does not link to one so left
  if (!isPublished(doc)) return <p>{unpublished}</p>;
  if (isHtml(doc.content_type)) return <SanitizedHtml html={doc.content} />;
  // wrap-anywhere: a long URL or word must not widen the page (reflow at 320px)
  return (
    <div dir="auto" className="max-w-prose whitespace-pre-wrap wrap-anywhere">
      {doc.content}
    </div>
  );
}

function PolicyScreen({
  which,
  fallbackTitle,
  unpublished,
}: {
  which: 'terms_of_service' | 'refund_policy';
  fallbackTitle: string;
  unpublished: string;
}) {
  const query = useStoreConfig();
  const { data, refetch, isFetching } = query;
  // a first load's failure stays while its Try again runs; the heading takes focus after
  const { failure, recovered } = useLoadFailure(query);
  const doc = data?.[which];
  return (
    <Page title={doc?.content_title || fallbackTitle} focusOnArrival={recovered || null}>
      {doc ? (
        <PolicyDocument doc={doc} unpublished={unpublished} />
      ) : failure !== null ? (
        <ApiErrorAlert
          error={failure}
          onRetry={() => void refetch()}
          retrying={isFetching}
          subject="the policy"
        />
      ) : (
        <Loading />
      )}
      <p>
        <Link to="/store" className="font-semibold text-indigo-800 underline">
          Back to store information
        </Link>
      </p>
    </Page>
  );
}

export const TermsScreen = () => (
  <PolicyScreen
    which="terms_of_service"
    fallbackTitle="Terms of Service"
    unpublished="This store has not published its terms of service."
  />
);
export const RefundPolicyScreen = () => (
  <PolicyScreen
    which="refund_policy"
    fallbackTitle="Refund policy"
    unpublished="This store has not published its refund policy."
  />
);
