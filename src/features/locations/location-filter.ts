import type { Location } from '@/api/schemas/location';

/** What a location can do, in the order the screen lists them. */
export const CAPABILITIES = [
  { key: 'can_collect', label: 'Click and collect', none: 'No click and collect' },
  { key: 'can_ship_parcel', label: 'Ships parcels', none: 'Does not ship parcels' },
  { key: 'accepts_returns', label: 'Accepts returns', none: 'No returns' },
  { key: 'is_checkout_point', label: 'Checkout point', none: 'Not a checkout point' },
] as const satisfies readonly { key: keyof Location; label: string; none: string }[];

export type CapabilityKey = (typeof CAPABILITIES)[number]['key'];

export interface LocationFilters {
  /** Only locations that can do every one of these. */
  require: readonly CapabilityKey[];
  showInactive: boolean;
}

export const DEFAULT_FILTERS: LocationFilters = { require: [], showInactive: true };

/** A location with its search text worked out once, so a keystroke only runs `includes`. */
export interface IndexedLocation {
  location: Location;
  haystack: string;
}

/**
 * Lower case, one space between words, and anything that is not a letter, a combining mark
 * (Devanagari's vowel signs) or a digit counts as a space: "Bengaluru, Karnataka" as a card
 * shows it finds "bengaluru karnataka". NFC, so an accent typed as two code points matches.
 */
const normalise = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();

/**
 * The default location first (the service sends it first, but the screen relies on it, so it
 * does not trust the order), then the service's order.
 */
export function indexLocations(locations: readonly Location[]): IndexedLocation[] {
  const ordered = [
    ...locations.filter((l) => l.is_default),
    ...locations.filter((l) => !l.is_default),
  ];
  return ordered.map((location) => ({
    location,
    // name, city and pincode are what the issue asks to search by; the rest of the address
    // helps a cashier who remembers only the street or the state
    haystack: normalise(
      [
        location.name,
        location.city,
        location.pincode,
        location.address_line1,
        location.address_line2 ?? '',
        location.landmark ?? '',
        location.state,
      ].join(' | '),
    ),
  }));
}

/** Every word of the query must appear somewhere ("bengaluru 5600" narrows by city and pincode). */
export function filterLocations(
  index: readonly IndexedLocation[],
  query: string,
  filters: LocationFilters,
): Location[] {
  const words = normalise(query).split(' ').filter(Boolean);
  const out: Location[] = [];
  for (const { location, haystack } of index) {
    if (!filters.showInactive && !location.active) continue;
    if (!filters.require.every((key) => location[key])) continue;
    if (!words.every((w) => haystack.includes(w))) continue;
    out.push(location);
  }
  return out;
}

/**
 * The service sends the phone as a number and the dial code apart (e.g. 8041234567 and "+91").
 * Shown as "+91 8041234567"; anything that is not a positive whole number is left out.
 */
export function formatPhone(countryCode: string, phone: number): string | null {
  if (!Number.isSafeInteger(phone) || phone <= 0) return null;
  const code = countryCode.trim();
  const dial = code === '' ? '' : code.startsWith('+') ? code : `+${code}`;
  return dial ? `${dial} ${phone}` : String(phone);
}
