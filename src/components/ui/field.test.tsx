import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';

describe('Field', () => {
  it('describes the input by its hint and error', () => {
    const { rerender } = render(<Field label="Loyalty points" hint="Whole points" />);
    const input = screen.getByRole('textbox', { name: 'Loyalty points' });
    expect(input).toHaveAccessibleDescription('Whole points');
    expect(input).not.toBeInvalid();

    rerender(<Field label="Loyalty points" hint="Whole points" error="Enter whole points." />);
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Whole points Enter whole points.');
  });

  it('announces an error that appears while the field has focus, and only then', () => {
    const form = (errors: [string?, string?]) => (
      <>
        <Field label="Phone" error={errors[0]} />
        <Field label="Email" error={errors[1]} />
      </>
    );
    const { rerender } = render(form([]));
    // sent with Enter, focus stays in the field and moves nowhere: the alert is what is read out
    act(() => screen.getByRole('textbox', { name: 'Phone' }).focus());
    rerender(form(['Enter a phone number.']));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a phone number.');

    // a field without focus is read when focus reaches it: two errors are not said at once
    rerender(form(['Enter a phone number.', 'Enter an email.']));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Enter an email.',
    );
  });

  it('does not make an error already shown a new alert when focus reaches its field', () => {
    const form = (errors: [string?, string?]) => (
      <>
        <Field label="Phone" error={errors[0]} />
        <Field label="Email" error={errors[1]} />
      </>
    );
    const { rerender } = render(form([undefined, 'Enter an email.']));
    act(() => screen.getByRole('textbox', { name: 'Email' }).focus());
    // read once, as the field's description; not again as an alert
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Enter an email.',
    );
    // new words while it has focus are news
    rerender(form([undefined, 'Enter the whole address, like asha@example.com.']));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the whole address');
  });
});
