import { readItem, writeItem } from '../../storage/browserStorage';

/**
 * The wallet's euro balance: the sum of the (mocked) on-ramps, per user, in integer cents. There
 * is no balance service behind the sample app, so it is kept in the browser.
 */
const balanceKey = (userId: string) => `vault.walletBalance.${userId}`;

export function readBalanceCents(userId: string): number {
  const value = Number.parseInt(readItem(balanceKey(userId)) ?? '', 10);
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

export function addToBalance(userId: string, cents: number): number {
  const next = readBalanceCents(userId) + cents;
  writeItem(balanceKey(userId), String(next));
  return next;
}
