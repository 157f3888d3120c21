import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';

describe('Field', () => {
  it('describes the input by its hint and error, and announces the error when it appears', () => {
    const { rerender } = render(<Field label="Loyalty points" hint="Whole points" />);
    const input = screen.getByRole('textbox', { name: 'Loyalty points' });
    expect(input).toHaveAccessibleDescription('Whole points');
    expect(input).not.toBeInvalid();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    rerender(<Field label="Loyalty points" hint="Whole points" error="Enter whole points." />);
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Whole points Enter whole points.');
    // sent with Enter, focus stays in the field and moves nowhere: the alert is what is read out
    expect(screen.getByRole('alert')).toHaveTextContent('Enter whole points.');
  });
});
