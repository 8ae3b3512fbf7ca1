import { isOnrampReturnPath } from '@vault/domain';
import { useCallback } from 'react';
import type { CallResult } from '../../backend/callResult';
import { useSessionStore } from '../../session/context';
import type { SessionStore } from '../../session/store';
import { callForMember, writeForMember } from '../_mutation/writeForMember';
import { refreshMemberRead } from '../_query/memberRead';
import { balanceRead } from '../ledger/balance';

/** The edge function that opens a payment at the provider (docs/backend.md "Payments"). */
const ONRAMP_SESSION_FUNCTION = 'onramp-session';

/**
 * What an on-ramp attempt came to: paid at once (the demo provider; the profile now has
 * `firstOnrampOk`), or a provider page to send the member to (its webhook records the payment).
 */
export type OnrampResult = CallResult<{ status: 'settled' } | { status: 'pending'; url: string }>;

const unreadable = 'The payment service sent an answer that could not be read';

/** Only a web page: a `javascript:` or other scheme from a compromised answer is never followed. */
function providerPage(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Starts the member's on-ramp of `amountCents` through onramp-session. `idempotencyKey` is one per
 * attempt: a retry of the same attempt sends the same key, so the provider opens (or records) one
 * payment. `returnPath` is the app's page the provider sends the member back to; one the function
 * would refuse (`isOnrampReturnPath`) is not sent, and the member comes back to /wallet, the
 * function's default. A settled answer is followed by a profile read, so `firstOnrampOk` is the
 * server's.
 */
export async function startOnramp(
  store: SessionStore,
  amountCents: number,
  idempotencyKey: string,
  returnPath?: string,
): Promise<OnrampResult> {
  const body =
    returnPath !== undefined && isOnrampReturnPath(returnPath) ? { amountCents, returnPath } : { amountCents };
  const answer = await callForMember(store, (backend) =>
    backend.invokeFunction(ONRAMP_SESSION_FUNCTION, {
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
  if (!answer.ok) return answer;
  const value =
    typeof answer.value === 'object' && answer.value !== null ? (answer.value as Record<string, unknown>) : {};
  if (value.status === 'pending') {
    const url = providerPage(value.url);
    return url ? { ok: true, status: 'pending', url } : { ok: false, error: unreadable };
  }
  if (value.status !== 'settled') return { ok: false, error: unreadable };
  const read = await writeForMember(store, (backend, member) => backend.readProfile(member.id));
  // The settled payment credited the member's cash in the ledger.
  refreshMemberRead(balanceRead);
  return read.ok ? { ok: true, status: 'settled' } : read;
}

export function useStartOnramp(): (amountCents: number, idempotencyKey: string) => Promise<OnrampResult> {
  const store = useSessionStore();
  return useCallback((amountCents, idempotencyKey) => startOnramp(store, amountCents, idempotencyKey), [store]);
}
