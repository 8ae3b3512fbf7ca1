import { type CollectionAccountRow, CollectionAccountRowSchema } from '@vault/domain';
import { useCallback, useEffect, useState } from 'react';
import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import { useSessionStore } from '../../session/context';
import type { SessionStore } from '../../session/store';
import { callMemberAction } from '../_mutation/writeForMember';
import { refreshQuery } from '../_query/cache';
import { type MemberRead, refreshMemberRead, useMemberRead } from '../_query/memberRead';
import { balanceRead } from '../ledger/balance';
import { type OnrampResult, startOnramp } from '../onramp/startOnramp';
import { investmentsQuery } from './keys';

/**
 * What an investment awaiting payment needs (docs/ledger.md "Every movement of money"): where a
 * SEPA transfer goes and its reference, as the server gives them, and a card checkout for what is
 * missing.
 */

/**
 * `payment_collection_account()`: the beneficiary, IBAN and BIC a member's bank transfer is made
 * out to, from the server's settings; no row while the project has none configured. Read once a
 * session, as the balance is.
 */
export const collectionAccountRead: MemberRead<CollectionAccountRow> = {
  fn: 'payment_collection_account',
  schema: CollectionAccountRowSchema,
};

export const useCollectionAccount = () => useMemberRead(collectionAccountRead);

const ReferenceSchema = v.pipe(v.string(), v.regex(/^VLT-[0-9A-F]{16}$/));

/** `investment_payment_reference(id)`: the bank-transfer reference unique to this investment. */
export async function readPaymentReference(
  store: SessionStore,
  investmentId: string,
): Promise<CallResult<{ reference: string }>> {
  const answer = await callMemberAction(store, 'investment_payment_reference', { investment_id: investmentId });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(ReferenceSchema, answer.value);
  if (!parsed.success) return { ok: false, error: 'The server answered something unexpected' };
  return { ok: true, reference: parsed.output };
}

export type PaymentReferenceState =
  | { status: 'loading' }
  | { status: 'error'; error: string }
  | { status: 'ready'; reference: string };

/** The investment's reference as screen state; `retry` asks again after a failure. */
export function usePaymentReference(investmentId: string): { state: PaymentReferenceState; retry: () => void } {
  const store = useSessionStore();
  const [state, setState] = useState<PaymentReferenceState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round (retry) asks the server again
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    void readPaymentReference(store, investmentId).then((answer) => {
      if (!live) return;
      if (answer.ok) setState({ status: 'ready', reference: answer.reference });
      else if (!answer.superseded) setState({ status: 'error', error: answer.error });
    });
    return () => {
      live = false;
    };
  }, [store, investmentId, round]);
  const retry = useCallback(() => setRound((n) => n + 1), []);
  return { state, retry };
}

/**
 * Pays what is missing by card: a checkout of `amountCents` through onramp-session (the same
 * payment as /wallet's). Its settlement credits the member's cash, and the server then holds the
 * investments awaiting payment, oldest first (`ledger_fund_awaiting`), so a settled answer reads
 * the investments again. `idempotencyKey` is one per attempt: a retry opens one checkout.
 * `returnPath` is the investment's own page, where the provider sends the member back.
 */
export async function payMissingByCard(
  store: SessionStore,
  amountCents: number,
  idempotencyKey: string,
  returnPath: string,
): Promise<OnrampResult> {
  const result = await startOnramp(store, amountCents, idempotencyKey, returnPath);
  if (result.ok && result.status === 'settled') refreshQuery(investmentsQuery.table);
  return result;
}

export function usePayMissingByCard(): (
  amountCents: number,
  idempotencyKey: string,
  returnPath: string,
) => Promise<OnrampResult> {
  const store = useSessionStore();
  return useCallback(
    (amountCents, idempotencyKey, returnPath) => payMissingByCard(store, amountCents, idempotencyKey, returnPath),
    [store],
  );
}

/**
 * Reads the investments and the cash again, keeping them on screen meanwhile: after the card
 * checkout's return, whose payment the provider's webhook may record a little after the member is
 * back (its settlement holds the investment, `ledger_fund_awaiting`).
 */
export function readPaymentAgain(): void {
  refreshQuery(investmentsQuery.table);
  refreshMemberRead(balanceRead);
}
