/** Money inside the service is integer paise; only the wire format uses rupees (CONTRACT B3). */
export type Paise = number;

/** Round half away from zero (CONTRACT B3). */
export function roundHalfAway(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

/** Tax contained in a tax-inclusive amount at `ratePercent`, rounded once. */
export function inclusiveTax(amountIncl: Paise, ratePercent: number): Paise {
  // rate may carry decimals (e.g. 0.25 %): scale to integers before dividing once
  const rateBp = Math.round(ratePercent * 100);
  return roundHalfAway((amountIncl * rateBp) / (10_000 + rateBp));
}

/** Tax added on top of an exclusive amount at `ratePercent`, rounded once. */
export function exclusiveTax(amountExcl: Paise, ratePercent: number): Paise {
  return roundHalfAway((amountExcl * Math.round(ratePercent * 100)) / 10_000);
}

/** Paise to the wire number (exact for any integer paise below 2^53 / 100). */
export const toRupees = (p: Paise): number => p / 100;
