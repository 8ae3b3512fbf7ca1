import type { InvestmentRow } from '@vault/domain';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { readPaymentAgain } from '../../data/investments/awaitingPayment';

/**
 * The query the card checkout adds when it sends the member back to the page onramp-session was
 * given (`returnPath`, docs/ledger.md "What people read"): `onramp=success&session_id=…` or
 * `onramp=cancelled`.
 */
const RETURN_PARAM = 'onramp';
const RETURN_PARAMS = [RETURN_PARAM, 'session_id'] as const;

/** How often, and how many times, the investment is read again while its card payment is confirmed. */
const CONFIRM_EVERY_MS = 2_000;
const CONFIRM_READS = 15;

/**
 * Where the card checkout of an investment awaiting payment stands after the member came back:
 * `confirming` while the payment is not recorded yet (the provider's webhook may come after the
 * member), `unconfirmed` once it has been read again for a while without a change, `cancelled` when
 * the member left the checkout without paying; null otherwise.
 */
export type CardReturn = 'confirming' | 'unconfirmed' | 'cancelled' | null;

/** The page the checkout sends the member back to: this one (its flow's query), without an earlier return's query. */
export function checkoutReturnPath({ pathname, search }: { pathname: string; search: string }): string {
  const query = new URLSearchParams(search);
  for (const name of RETURN_PARAMS) query.delete(name);
  const kept = query.toString();
  return kept === '' ? pathname : `${pathname}?${kept}`;
}

/**
 * The card checkout's return to the investment's step 4, read once when the page opens; its query
 * is then dropped from the URL, so a reload does not announce it again (as /wallet does). After a
 * paid checkout the investment and the cash are read again every few seconds while the investment
 * is still `Awaiting payment`; once it is `Pending` (the payment settled and the server held the
 * total), a toast says so and the step shows the funds held.
 */
export function useCardReturn(status: InvestmentRow['status'] | null): CardReturn {
  const [search, setSearch] = useSearchParams();
  const [returned] = useState(() => {
    const value = search.get(RETURN_PARAM);
    return value === 'success' || value === 'cancelled' ? value : null;
  });
  const hasReturnQuery = RETURN_PARAMS.some((name) => search.has(name));
  useEffect(() => {
    if (!hasReturnQuery) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of RETURN_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [hasReturnQuery, setSearch]);

  const [reads, setReads] = useState(0);
  const confirming = returned === 'success' && status === 'Awaiting payment' && reads < CONFIRM_READS;
  useEffect(() => {
    if (!confirming) return;
    const timer = setInterval(() => {
      readPaymentAgain();
      setReads((n) => n + 1);
    }, CONFIRM_EVERY_MS);
    return () => clearInterval(timer);
  }, [confirming]);

  const announced = useRef(false);
  useEffect(() => {
    if (returned !== 'success' || status !== 'Pending' || announced.current) return;
    announced.current = true;
    toast.success('Your card payment went through');
  }, [returned, status]);

  if (status !== 'Awaiting payment') return null;
  if (returned === 'cancelled') return 'cancelled';
  if (returned === 'success') return confirming ? 'confirming' : 'unconfirmed';
  return null;
}
