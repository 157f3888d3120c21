import { describe, expect, it } from 'vitest';
import { locationSchema } from '@/api/schemas/location';
import { createSeed, syntheticLocations } from '@/mocks/service/seed';
import {
  DEFAULT_FILTERS,
  type IndexedLocation,
  filterLocations,
  formatPhone,
  indexLocations,
} from './location-filter';

const locations = syntheticLocations(5000).map((l) => locationSchema.parse(l));
const demo = createSeed().locations.map((l) => locationSchema.parse(l));
const names = (index: IndexedLocation[], query: string) =>
  filterLocations(index, query, DEFAULT_FILTERS).map((l) => l.name);

describe('formatPhone', () => {
  it('joins the dial code and the number', () => {
    expect(formatPhone('+91', 8041234567)).toBe('+91 8041234567');
    expect(formatPhone('91', 8041234567)).toBe('+91 8041234567');
    expect(formatPhone('', 8041234567)).toBe('8041234567');
  });

  it('leaves out numbers that cannot be a phone', () => {
    expect(formatPhone('+91', 0)).toBeNull();
    expect(formatPhone('+91', -5)).toBeNull();
    expect(formatPhone('+91', 80.5)).toBeNull();
    expect(formatPhone('+91', Number.NaN)).toBeNull();
  });
});

describe('filterLocations', () => {
  it('puts the default location first even when the service does not', () => {
    const shuffled = [...locations.slice(0, 3), { ...locations[3]!, is_default: true }];
    expect(indexLocations(shuffled)[0]!.location.id).toBe(locations[3]!.id);
  });

  it('ignores case and extra spaces, and needs every word', () => {
    const index = indexLocations(locations);
    expect(filterLocations(index, '  OUTLET   4321 ', DEFAULT_FILTERS).map((l) => l.name)).toEqual([
      'Indigo Threads Outlet 4321',
    ]);
    expect(filterLocations(index, 'kochi outlet 4321', DEFAULT_FILTERS)).toEqual([]);
  });

  it('ignores commas and other punctuation, so an address typed as the card shows it matches', () => {
    const index = indexLocations(demo);
    expect(names(index, 'Bengaluru, Karnataka')).toEqual([
      'Indigo Threads Indiranagar',
      'Indigo Threads Jayanagar',
      'Indigo Threads Warehouse Hoskote',
    ]);
    expect(names(index, 'Bengaluru, Karnataka 560038')).toEqual(['Indigo Threads Indiranagar']);
    expect(names(index, 'Mumbai, Maharashtra')).toEqual(['Indigo Threads Bandra']);
    expect(names(index, 'Khan Market, New Delhi')).toEqual(['Indigo Threads Khan Market']);
    expect(names(index, 'road no 36')).toEqual(['Indigo Threads Jubilee Hills']);
    expect(names(index, 'Bengaluru,Karnataka;  (560038)')).toEqual(['Indigo Threads Indiranagar']);
    // every card is found by its own address lines, as it shows them
    for (const l of demo) {
      for (const line of [l.address_line1, `${l.city}, ${l.state} ${l.pincode}`]) {
        expect(names(index, line)).toContain(l.name);
      }
    }
    expect(names(index, ', . -')).toHaveLength(demo.length);
  });

  it('still matches accented and Devanagari letters, in any case', () => {
    const cafe = { ...demo[0]!, id: 'loc_cafe', name: 'Café Noir', city: 'मुंबई' };
    const index = indexLocations([...demo, cafe]);
    expect(names(index, 'CAFÉ')).toEqual(['Café Noir']);
    // é typed as e and a combining accent
    expect(names(index, 'cafe\u0301,')).toEqual(['Café Noir']);
    expect(names(index, 'मुंबई, Karnataka')).toEqual(['Café Noir']);
    expect(names(index, 'मुं')).toEqual(['Café Noir']);
    expect(names(index, 'cafe')).toEqual([]);
  });

  // how fast (a keystroke's budget is 50 ms) is the benchmark's to measure: `npm run bench`
  it('filters 5,000 locations: each keystroke narrows to the locations that match', () => {
    const index = indexLocations(locations);
    const filters = { require: ['accepts_returns', 'can_collect'] as const, showInactive: false };
    let before = filterLocations(index, '', filters).length;
    expect(before).toBeGreaterThan(0);
    for (const q of ['o', 'ou', 'out', 'outl', 'outlet', 'outlet 43', 'outlet 4321']) {
      const found = filterLocations(index, q, filters);
      expect(found.length).toBeLessThanOrEqual(before);
      before = found.length;
    }
    expect(filterLocations(index, 'outlet 4321', DEFAULT_FILTERS).map((l) => l.name)).toEqual([
      'Indigo Threads Outlet 4321',
    ]);
  });
});
