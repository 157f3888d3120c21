import { type ReactNode, createContext, useContext, useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useIsVisitStart } from '@/lib/navigation';
import type { Order } from '@/api/schemas/order';
import type { Landing } from './refusals';
import { STEPS, type Step } from './return-draft';

/** What every answer-taking step gets from the wizard. */
export interface StepProps<V> {
  order: Order;
  /** The answers kept in the draft, if any. */
  saved: V | null;
  /** A refusal of the service that belongs on this step. */
  landing: Landing | null;
  /** Show what is missing at once (the customer was sent back here to fix it). */
  checkNow: boolean;
  onChange: (values: V) => void;
  onContinue: (values: V) => void;
  onBack: () => void;
}

export const STEP_TITLES: Record<Step, string> = {
  order: 'Find the order',
  items: 'Choose items',
  address: 'Pickup address',
  review: 'Review and send',
};

export const card = 'rounded-lg border border-slate-300 bg-white p-4 sm:p-5';

/**
 * The customer's own action drew the step anew (Start over, Start a different request): the
 * button they pressed went with the old step. Its heading then takes focus on the screen a
 * visit began at too, where a reload leaves the router unmoved: the visit start alone would keep
 * the browser's start there, and leave focus on <body>.
 */
export const DrawnAnew = createContext(false);

/**
 * "Step 2 of 4: Choose items", focused when the step appears so nobody is left behind; unless
 * the step appears with news of its own (`takesFocus` false), which takes focus instead.
 */
export function StepHeading({ step, takesFocus = true }: { step: Step; takesFocus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // not on the screen a visit began at (a load, a reload): the browser's own start is kept there
  // (the skip link first), as Page does; unless the customer's own action drew the step anew
  const visitStart = useIsVisitStart();
  const anew = useContext(DrawnAnew);
  const focusOnMount = useRef(takesFocus && (anew || !visitStart));
  useEffect(() => {
    if (focusOnMount.current) ref.current?.focus();
  }, []);
  return (
    <h2 ref={ref} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
      <span className="block text-base font-medium text-slate-700">
        Step {STEPS.indexOf(step) + 1} of {STEPS.length}
      </span>
      {STEP_TITLES[step]}
    </h2>
  );
}

/** Where the customer is: a list of the steps with the current one marked. */
export function StepProgress({ step }: { step: Step }) {
  const current = STEPS.indexOf(step);
  return (
    <nav aria-label="Return steps">
      <ol className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={i === current ? 'step' : undefined}
            className={
              i === current
                ? 'font-semibold text-indigo-900 underline underline-offset-4'
                : i < current
                  ? 'text-slate-800'
                  : 'text-slate-700'
            }
          >
            {i + 1}. {STEP_TITLES[s]}
            {i < current ? <span className="sr-only"> (done)</span> : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * Put the service's refusal on this step's fields, and move focus to the first of them so the
 * customer hears what to fix. Runs after the heading took focus (effects run in order).
 */
export function useLanding<T extends FieldValues>(
  landing: Landing | null,
  setError: UseFormSetError<T>,
  /** The form's `useFocusFirstError`: focus comes once the errors are drawn (read once). */
  focusFirstError: () => void,
) {
  useEffect(() => {
    if (!landing) return;
    landing.fields.forEach((f) => {
      setError(f.name as Path<T>, { type: 'server', message: f.message });
    });
    if (landing.fields.length > 0) focusFirstError();
  }, [landing, setError, focusFirstError]);
}

export function LandingAlert({ landing }: { landing: Landing | null }) {
  if (!landing) return null;
  return (
    <Alert tone="error" title="Please check this step">
      {landing.message}
    </Alert>
  );
}

/** A step's way back and way on: Back, and Continue (the form's submit) unless told otherwise. */
export function StepActions({
  onBack,
  backDisabled = false,
  children = <Button type="submit">Continue</Button>,
}: {
  onBack: () => void;
  backDisabled?: boolean;
  /** The way on. */
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      <Button variant="secondary" onClick={onBack} disabled={backDisabled}>
        Back
      </Button>
      {children}
    </div>
  );
}
