import type { ComponentProps } from 'react';
import { SubmitCount } from './field-error';

/**
 * A form of the app's (react-hook-form's): a `<form>` that gives its fields' errors its
 * `submitCount` (FieldError: an error a new submit finds again, in the same words, is said again
 * where focus is, not silence after a second Enter).
 */
export function Form({ submitCount, ...form }: ComponentProps<'form'> & { submitCount: number }) {
  return (
    <SubmitCount value={submitCount}>
      <form {...form} />
    </SubmitCount>
  );
}
