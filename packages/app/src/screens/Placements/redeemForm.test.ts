import { describe, expect, it } from 'vitest';
import { attemptFor, unitsOf } from './redeemForm';

describe('the Redeem form', () => {
  it('reads whole units up to those held', () => {
    expect(unitsOf(' 1,200 ', 5_000)).toEqual({ units: 1_200 });
    expect(unitsOf('5000', 5_000)).toEqual({ units: 5_000 });
    expect(unitsOf('', 5_000)).toEqual({ error: 'Enter the units to redeem' });
    expect(unitsOf('0', 5_000)).toEqual({ error: 'Units must be a whole number above 0' });
    expect(unitsOf('2.5', 5_000)).toEqual({ error: 'Units must be a whole number above 0' });
    expect(unitsOf('5001', 5_000)).toEqual({ error: 'At most 5,000 units, those you hold' });
  });

  it('keeps the key of an attempt for its retry, and takes a new one for other units', () => {
    let n = 0;
    const newKey = () => `key-${++n}`;
    const first = attemptFor(null, 200, newKey);
    expect(first).toEqual({ units: 200, key: 'key-1' });
    expect(attemptFor(first, 200, newKey)).toBe(first);
    expect(attemptFor(first, 300, newKey)).toEqual({ units: 300, key: 'key-2' });
  });
});
