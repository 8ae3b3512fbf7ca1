import * as v from 'valibot';
import { hrefFor } from './routes';
import { hasWallet, isKycApproved, type User } from './session';
import { parseTable } from './table';

const readinessStepIds = ['wallet', 'kyc', 'agreement', 'onramp'] as const;
export type ReadinessStepId = (typeof readinessStepIds)[number];

/** The steps the access gate can ask for; agreement always counts as done, so it never gates. */
export const gateNeeds = ['wallet', 'kyc', 'onramp'] as const;
export type Need = (typeof gateNeeds)[number];

const internalPath = v.pipe(v.string(), v.regex(/^\/[^/\\]/, 'must be an internal path like /wallet'));

const ReadinessStepSchema = v.object({
  id: v.picklist(readinessStepIds),
  /** Row label on the readiness card. */
  label: v.pipe(v.string(), v.nonEmpty()),
  /** Estimate shown on the readiness card. */
  estimate: v.pipe(v.string(), v.nonEmpty()),
  buttonText: v.pipe(v.string(), v.nonEmpty()),
  target: internalPath,
  /** The investor nudge for this step (docs/product.md §4, 'Investor nudge'); absent when it never nudges. */
  nudge: v.optional(
    v.object({
      label: v.pipe(v.string(), v.nonEmpty()),
      estimate: v.pipe(v.string(), v.nonEmpty()),
    }),
  ),
});
export type ReadinessStepDefinition = v.InferOutput<typeof ReadinessStepSchema>;

export function parseReadinessSteps(entries: readonly unknown[]): ReadinessStepDefinition[] {
  return parseTable('readiness step', ReadinessStepSchema, entries);
}

/** The four onboarding steps, in order (docs/product.md §2 'Readiness card' and 4 'Readiness steps'). */
const readinessSteps: readonly ReadinessStepDefinition[] = parseReadinessSteps([
  {
    id: 'wallet',
    label: 'Create wallet',
    estimate: '~1 min',
    buttonText: 'Create Wallet',
    target: hrefFor('settings'),
    nudge: { label: 'Create your wallet', estimate: '~1 min' },
  },
  {
    id: 'kyc',
    label: 'Complete KYC',
    estimate: '~3-5 min',
    buttonText: 'Continue KYC',
    target: hrefFor('kycVerification'),
    nudge: { label: 'Complete KYC', estimate: '~3–5 min' },
  },
  {
    id: 'agreement',
    label: 'Sign agreement',
    estimate: '~2 min',
    buttonText: 'Sign Agreement',
    target: hrefFor('agreement'),
  },
  {
    id: 'onramp',
    label: 'First onramp (€20+)',
    estimate: '~2-3 min',
    buttonText: 'Start Onramp',
    target: hrefFor('wallet'),
    nudge: { label: 'Make your first onramp (€20+)', estimate: '~2–3 min' },
  },
]);

/** When each step counts as done (docs/product.md §4). Only 'approved' KYC counts. */
const isDone: Record<ReadinessStepId, (user: User) => boolean> = {
  wallet: hasWallet,
  kyc: isKycApproved,
  agreement: () => true,
  onramp: (user) => user.firstOnrampOk,
};

export interface ReadinessStep extends ReadinessStepDefinition {
  done: boolean;
}

export interface Readiness {
  steps: ReadinessStep[];
  completed: number;
  /** Completed steps out of four, rounded to a whole percent. */
  percent: number;
  /** The first step not done, or null when all are. */
  next: ReadinessStep | null;
}

export function readiness(user: User): Readiness {
  const steps = readinessSteps.map((step) => ({ ...step, done: isDone[step.id](user) }));
  const completed = steps.filter((s) => s.done).length;
  return {
    steps,
    completed,
    percent: Math.round((completed / steps.length) * 100),
    next: steps.find((s) => !s.done) ?? null,
  };
}

/** The hint line under the readiness card. */
export function readinessHint(result: Readiness): string {
  return result.next
    ? `You're close! Complete '${result.next.label}' to unlock more features.`
    : "All set. You've unlocked the full investor experience.";
}

export interface Nudge {
  step: ReadinessStepId;
  label: string;
  estimate: string;
  target: string;
}

/** The next-step nudge for an investor, or null (docs/product.md §4 'Investor nudge'). */
export function nudgeFor(user: User | null): Nudge | null {
  if (user?.role !== 'investor') return null;
  for (const step of readinessSteps) {
    if (!step.nudge || isDone[step.id](user)) continue;
    return { step: step.id, label: step.nudge.label, estimate: step.nudge.estimate, target: step.target };
  }
  return null;
}

/** The first gate step the user has not met, or null when the gate is open. */
export function firstUnmetNeed(user: User): Need | null {
  for (const need of gateNeeds) if (!isDone[need](user)) return need;
  return null;
}

export function isNeedMet(user: User, need: Need): boolean {
  return isDone[need](user);
}

export function isNeed(value: unknown): value is Need {
  return typeof value === 'string' && (gateNeeds as readonly string[]).includes(value);
}

/**
 * Where a member stands on the readiness gate, as /users filters by it (`list_members`'
 * `readiness`): the first gate step they still lack, in the gate's order, or 'ready' when they
 * lack none. The SQL computes the same with public.member_readiness() (wallet id present, KYC
 * 'approved', first on-ramp done), the embedded backend with `memberReadiness` below.
 */
export const memberReadinessValues = [...gateNeeds, 'ready'] as const;
export const MemberReadinessSchema = v.picklist(memberReadinessValues);
export type MemberReadiness = v.InferOutput<typeof MemberReadinessSchema>;

export function memberReadiness(user: User): MemberReadiness {
  return firstUnmetNeed(user) ?? 'ready';
}

/** The readiness filter's choices on /users, in the gate's order. */
export const memberReadinessLabels: Readonly<Record<MemberReadiness, string>> = {
  wallet: 'Needs a wallet',
  kyc: 'Needs KYC',
  onramp: 'Needs a first on-ramp',
  ready: 'Ready to invest',
};

export function readinessStep(id: ReadinessStepId): ReadinessStepDefinition {
  const step = readinessSteps.find((s) => s.id === id);
  if (!step) throw new Error(`No readiness step "${id}"`);
  return step;
}
