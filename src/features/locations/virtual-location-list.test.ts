import { describe, expect, it } from 'vitest';
import { keptIndexes } from './virtual-location-list';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('keptIndexes (what the virtualised list draws)', () => {
  it('draws what the virtualiser asks for when nothing in the list has focus', () => {
    expect(keptIndexes(range(24, 40), null, 5000)).toEqual(range(24, 40));
  });

  it('keeps a focused card scrolled away mounted, with the cards either side, so Tab order holds', () => {
    // focus on card 10 (index 9), scrolled so that cards 24 onwards are on screen
    expect(keptIndexes(range(23, 40), 9, 5000)).toEqual([8, 9, 10, ...range(23, 40)]);
    // and scrolled the other way
    expect(keptIndexes(range(0, 12), 100, 5000)).toEqual([...range(0, 12), 99, 100, 101]);
  });

  it('adds each index once when the focused card or its neighbours are on screen already', () => {
    expect(keptIndexes(range(5, 15), 10, 5000)).toEqual(range(5, 15));
    expect(keptIndexes(range(5, 15), 15, 5000)).toEqual(range(5, 16));
    expect(keptIndexes(range(5, 15), 4, 5000)).toEqual(range(3, 15));
  });

  it('stays within the list', () => {
    expect(keptIndexes(range(40, 60), 0, 5000)).toEqual([0, 1, ...range(40, 60)]);
    expect(keptIndexes(range(0, 20), 4999, 5000)).toEqual([...range(0, 20), 4998, 4999]);
    // a focus left over from a longer list (before a search narrowed it) is not drawn
    expect(keptIndexes(range(0, 20), 70, 61)).toEqual(range(0, 20));
    expect(keptIndexes(range(0, 20), 61, 61)).toEqual(range(0, 20));
  });

  it('keeps the cards up to the nearest one Tab can stop at, either side', () => {
    // cards 11 and 12 (indexes 10, 11) are inactive: no button, so Tab from card 10 goes to 13
    const withButton = (i: number) => i !== 10 && i !== 11;
    expect(keptIndexes(range(23, 40), 9, 5000, withButton)).toEqual([
      ...range(8, 12),
      ...range(23, 40),
    ]);
    // and back: Shift+Tab from card 13 (index 12) goes to card 10
    expect(keptIndexes(range(23, 40), 12, 5000, withButton)).toEqual([
      ...range(9, 13),
      ...range(23, 40),
    ]);
    // a long run without buttons is not drawn whole
    expect(keptIndexes(range(0, 5), 1000, 5000, () => false)).toHaveLength(6 + 1 + 2 * 50);
  });
});
