import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredArrival } from './use-arrival';

function Probe({ data, seen }: { data: string | undefined; seen: (string | undefined)[] }) {
  seen.push(useDeferredArrival(data));
  return null;
}

describe('useDeferredArrival', () => {
  it('defers only the arrival: a render without the data first, then one with it', () => {
    const seen: (string | undefined)[] = [];
    const { rerender } = render(<Probe data={undefined} seen={seen} />);
    seen.length = 0;
    rerender(<Probe data="cart A" seen={seen} />);
    // StrictMode is off here, so each render is one entry: urgent (still nothing), then deferred
    expect(seen).toEqual([undefined, 'cart A']);
  });

  it('passes every later change straight through, with no render without the data', () => {
    const seen: (string | undefined)[] = [];
    const { rerender } = render(<Probe data={undefined} seen={seen} />);
    rerender(<Probe data="cart A" seen={seen} />);
    seen.length = 0;
    rerender(<Probe data="cart A, 100 points redeemed" seen={seen} />);
    expect(seen).toEqual(['cart A, 100 points redeemed']);
  });

  it('is there from the first render when the data already is (a cached query)', () => {
    const seen: (string | undefined)[] = [];
    render(<Probe data="cart A" seen={seen} />);
    expect(seen).toEqual(['cart A']);
  });

  it('defers the next arrival again after the data went away (another cart loading)', () => {
    const seen: (string | undefined)[] = [];
    const { rerender } = render(<Probe data="cart A" seen={seen} />);
    rerender(<Probe data={undefined} seen={seen} />);
    seen.length = 0;
    rerender(<Probe data="cart B" seen={seen} />);
    expect(seen).toEqual([undefined, 'cart B']);
  });
});
