import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { useFocusFirstError } from '@/lib/focus-first-error';
import { type StepProps, useLanding } from './wizard-parts';

// Its own module: wizard-parts is shared with the confirmation screen, which must not pull in
// react-hook-form (14.5 KB gzip) through it.

/**
 * The form of an answer-taking step: validated by its schema, the service's refusal put on its
 * fields, checked at once when the customer was sent back to fix it, and every change handed to
 * the wizard (which keeps the answers outside the step).
 */
export function useStepForm<V extends FieldValues>({
  schema,
  defaultValues,
  landing,
  checkNow,
  onChange,
}: {
  schema: z.ZodMiniType<V, V>;
  defaultValues: DefaultValues<V>;
} & Pick<StepProps<V>, 'landing' | 'checkNow' | 'onChange'>) {
  // react-hook-form focuses the first invalid field in the order the fields were registered, and
  // a step's fields appear as the customer goes (an item's once it is ticked, "Describe the
  // reason" once Other is chosen): focus goes to the first one on the screen instead
  const form = useForm<V>({
    resolver: zodResolver(schema),
    defaultValues,
    shouldFocusError: false,
  });
  const { setError, subscribe, trigger } = form;
  const focusFirstError = useFocusFirstError(form.formState);
  const handleSubmit: typeof form.handleSubmit = (onValid, onInvalid) =>
    form.handleSubmit(onValid, (errors, event) => {
      focusFirstError();
      return onInvalid?.(errors, event);
    });
  useLanding(landing, setError, focusFirstError);

  useEffect(() => {
    if (checkNow && !landing) void trigger();
  }, [checkNow, landing, trigger]);

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        // a copy: the form keeps mutating its own values object
        callback: ({ values }) => onChange(structuredClone(values)),
      }),
    [subscribe, onChange],
  );

  return { ...form, handleSubmit };
}
