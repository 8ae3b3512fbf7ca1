import type { BackendError } from '../backend/errors';
import { formatEuros } from '../money';
import type { AllocationRule, OfferingStatus } from './terms';

/**
 * An offering's life (docs/offerings.md): which action moves it from which state to which, who
 * takes it, how closing allocates the holds, and what a subscription may be. The SQL twins
 * (`public.offering_next_status`, `public.offering_allocation`, `public.offering_refusal`) are
 * proven equal to these by supabase/tests/offerings-rules.test.ts.
 */

export const offeringActions = [
  'update',
  'submit',
  'approve',
  'return',
  'open',
  'close',
  'deadline_met',
  'deadline_missed',
  'withdraw',
] as const;
export type OfferingAction = (typeof offeringActions)[number];

/** Who takes an action: the SPV's administrators, a reviewer (mfo_admin, compliance, the admin flag), or the schedule. */
type OfferingActor = 'spv' | 'reviewer' | 'schedule';

export const offeringTransitions: readonly {
  action: OfferingAction;
  from: readonly OfferingStatus[];
  to: OfferingStatus;
  by: OfferingActor;
}[] = [
  { action: 'update', from: ['draft'], to: 'draft', by: 'spv' },
  { action: 'submit', from: ['draft'], to: 'in_review', by: 'spv' },
  // Approved, it opens at once when its opening time has passed; else it waits, approved, for the schedule.
  { action: 'approve', from: ['in_review'], to: 'open', by: 'reviewer' },
  { action: 'return', from: ['in_review'], to: 'draft', by: 'reviewer' },
  { action: 'open', from: ['in_review'], to: 'open', by: 'schedule' },
  { action: 'close', from: ['open'], to: 'issued', by: 'spv' },
  { action: 'deadline_met', from: ['open'], to: 'issued', by: 'schedule' },
  { action: 'deadline_missed', from: ['open'], to: 'failed', by: 'schedule' },
  { action: 'withdraw', from: ['draft', 'in_review', 'open'], to: 'withdrawn', by: 'spv' },
];

/** The state an action leads to from a state, or null when the state refuses it. */
export function nextOfferingStatus(action: OfferingAction, from: OfferingStatus): OfferingStatus | null {
  const transition = offeringTransitions.find((t) => t.action === action);
  return transition?.from.includes(from) ? transition.to : null;
}

/** One subscription's hold as closing sees it, in the order they were made. */
export interface Hold {
  amountCents: number;
}

/**
 * The units each hold is allocated at closing, in the holds' order. A hold asks for the whole
 * units its amount buys. first_come: each as it is, in order, until the maximum's units are
 * gone; pro_rata: when the units asked exceed the maximum's, each is scaled to the maximum, its
 * whole part given, and the units left given one each to the largest remainders (earlier hold
 * first on a tie). Exact in integers: never more than the maximum, no unit lost.
 */
export function allocateUnits(
  rule: AllocationRule,
  unitPriceCents: number,
  maxTargetCents: number,
  holds: readonly Hold[],
): number[] {
  const price = BigInt(unitPriceCents);
  const maxUnits = BigInt(maxTargetCents) / price;
  const asked = holds.map((h) => BigInt(h.amountCents) / price);
  const total = asked.reduce((a, b) => a + b, 0n);
  if (rule === 'first_come' || total <= maxUnits) {
    let left = maxUnits;
    return asked.map((units) => {
      const given = units < left ? units : left;
      left -= given;
      return Number(given);
    });
  }
  const base = asked.map((units) => (units * maxUnits) / total);
  const remainder = asked.map((units) => (units * maxUnits) % total);
  let extra = maxUnits - base.reduce((a, b) => a + b, 0n);
  const order = asked
    .map((_, index) => index)
    .sort((a, b) => {
      const ra = remainder[a] ?? 0n;
      const rb = remainder[b] ?? 0n;
      return ra === rb ? a - b : ra > rb ? -1 : 1;
    });
  const given = [...base];
  for (const index of order) {
    if (extra === 0n) break;
    given[index] = (given[index] ?? 0n) + 1n;
    extra -= 1n;
  }
  return given.map(Number);
}

/** An open offering's limits on one subscription, as `public.offering_accepts` reads them. */
export interface OfferingLimits {
  status: OfferingStatus;
  /** Null for a sample opportunity: no deadline, no target, its minimum shown, not enforced. */
  deadlineAt: string | null;
  opensAt: string | null;
  allocationRule: AllocationRule | null;
  maxTargetCents: number | null;
  minTicketCents: number | null;
  maxTicketCents: number | null;
  /** What its subscriptions already hold. */
  heldCents: number;
}

const offeringRefusalCodes = ['NOT_OPEN', 'BELOW_MIN_TICKET', 'ABOVE_MAX_TICKET', 'ABOVE_REMAINING'] as const;
type OfferingRefusalCode = (typeof offeringRefusalCodes)[number];
export interface OfferingRefusal {
  code: OfferingRefusalCode;
  /** The limit the amount missed: the minimum, the maximum ticket, or what is left. */
  limitCents: number | null;
}

/**
 * Whether an offering accepts a subscription of `amountCents` now: open (and past its opening
 * time), within the minimum and maximum ticket, and under first_come no more than what is left
 * of the maximum. A sample opportunity (no deadline) only needs to be open.
 */
export function offeringRefusal(o: OfferingLimits, amountCents: number, now: Date): OfferingRefusal | null {
  if (o.status !== 'open') return { code: 'NOT_OPEN', limitCents: null };
  if (o.deadlineAt === null) return null;
  if (o.opensAt !== null && Date.parse(o.opensAt) > now.getTime()) return { code: 'NOT_OPEN', limitCents: null };
  if (Date.parse(o.deadlineAt) <= now.getTime()) return { code: 'NOT_OPEN', limitCents: null };
  if (o.minTicketCents !== null && amountCents < o.minTicketCents) {
    return { code: 'BELOW_MIN_TICKET', limitCents: o.minTicketCents };
  }
  if (o.maxTicketCents !== null && amountCents > o.maxTicketCents) {
    return { code: 'ABOVE_MAX_TICKET', limitCents: o.maxTicketCents };
  }
  if (o.allocationRule === 'first_come' && o.maxTargetCents !== null) {
    const left = Math.max(o.maxTargetCents - o.heldCents, 0);
    if (amountCents > left) return { code: 'ABOVE_REMAINING', limitCents: left };
  }
  return null;
}

/** The refusal as `offering_accepts` raises it: P0001, '<CODE>: <what to do>'. */
export function offeringRefusalError(refusal: OfferingRefusal): BackendError {
  const limit = formatEuros(refusal.limitCents ?? 0);
  const text = {
    NOT_OPEN: 'This offering is not open for subscriptions.',
    BELOW_MIN_TICKET: `The minimum subscription is ${limit}. Enter at least that.`,
    ABOVE_MAX_TICKET: `The maximum subscription is ${limit}. Enter at most that.`,
    ABOVE_REMAINING: `Only ${limit} is left in this offering. Enter at most that.`,
  }[refusal.code];
  return { code: 'P0001', message: `${refusal.code}: ${text}` };
}
