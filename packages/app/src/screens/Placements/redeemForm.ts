/**
 * The Redeem form of a position (docs/lifecycle.md §3): the units as typed, and the idempotency
 * key of the attempt. The server quotes and decides; the form only reads the number.
 */

/** The units typed, or the error to show beside the field. */
export function unitsOf(text: string, held: number): { units: number } | { error: string } {
  const plain = text.trim().replace(/[\s,]/g, '');
  if (plain === '') return { error: 'Enter the units to redeem' };
  if (!/^\d+$/.test(plain) || Number(plain) === 0) return { error: 'Units must be a whole number above 0' };
  const units = Number(plain);
  if (units > held) return { error: `At most ${held.toLocaleString('en-IE')} units, those you hold` };
  return { units };
}

/** An attempt to redeem: its units and the key that names it on the server. */
export interface RedeemAttempt {
  units: number;
  key: string;
}

/**
 * The attempt a submit sends: the same key as the last attempt when it asks for the same units
 * (a retry after a failure gets the first request's answer), a new key otherwise (the server
 * refuses a key used for other arguments).
 */
export function attemptFor(last: RedeemAttempt | null, units: number, newKey: () => string): RedeemAttempt {
  return last !== null && last.units === units ? last : { units, key: newKey() };
}
