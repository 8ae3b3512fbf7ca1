import { hrefFor } from '../routes';

/**
 * The staff queues `public.staff_queues()` counts (supabase/schemas/12_offerings.sql): each key,
 * what one item is called, and the console that works it. A dashboard leads with these as links.
 */
const staffQueueKinds = {
  kyc_cases: { one: 'KYC case waiting', many: 'KYC cases waiting', href: hrefFor('kyc') },
  subscriptions: { one: 'subscription waiting', many: 'subscriptions waiting', href: hrefFor('investments') },
  offerings_to_approve: {
    one: 'offering to approve',
    many: 'offerings to approve',
    href: hrefFor('offerings', undefined, { status: 'in_review' }),
  },
  offerings_to_close: {
    one: 'offering ready to close',
    many: 'offerings ready to close',
    href: hrefFor('offerings', undefined, { status: 'open' }),
  },
  alerts: { one: 'open alert', many: 'open alerts', href: hrefFor('compliance') },
} as const;
export type StaffQueueKey = keyof typeof staffQueueKinds;
export const staffQueueKeys = Object.keys(staffQueueKinds) as StaffQueueKey[];

export interface StaffQueueLink {
  key: StaffQueueKey;
  count: number;
  /** "3 KYC cases waiting", "1 offering to approve". */
  label: string;
  href: string;
}

/** The caller's queues as links, in a fixed order; a queue the answer leaves out is not the caller's. */
export function staffQueueLinks(counts: Readonly<Partial<Record<string, unknown>>>): StaffQueueLink[] {
  return staffQueueKeys.flatMap((key) => {
    const count = counts[key];
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return [];
    const kind = staffQueueKinds[key];
    return [{ key, count, label: `${count} ${count === 1 ? kind.one : kind.many}`, href: kind.href }];
  });
}
