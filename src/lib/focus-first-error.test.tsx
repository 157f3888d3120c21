import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { focusWhenDrawn } from '@/testing/focus-when-drawn';
import { z } from 'zod/mini';
import { Field } from '@/components/ui/field';
import { useFocusFirstError } from './focus-first-error';

const schema = z.object({
  name: z.string().check(z.minLength(1, 'Enter a name')),
  code: z.string().check(z.minLength(1, 'Enter a code')),
});

function Form() {
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { name: '', code: '' },
    shouldFocusError: false,
  });
  const focusFirstError = useFocusFirstError(formState);
  return (
    <form noValidate onSubmit={(e) => void handleSubmit(() => {}, focusFirstError)(e)}>
      <Field label="Name" error={formState.errors.name?.message} {...register('name')} />
      <Field label="Code" error={formState.errors.code?.message} {...register('code')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useFocusFirstError', () => {
  it('focuses the first field with an error in the commit that draws the error, which is then read once', async () => {
    const user = userEvent.setup();
    render(<Form />);
    const focus = focusWhenDrawn(() => screen.queryByText('Enter a name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await focus).toBe(screen.getByLabelText('Name'));
    // mounted before focus came: described by the field, not an alert on top of it
    expect(screen.getByText('Enter a name')).not.toHaveAttribute('role');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Enter a name');
  });
});
