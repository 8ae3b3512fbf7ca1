/** The demo's `next` choice: what a member has the providers do with their own next KYC case or payment session. */
import type { PGliteInterface } from '@electric-sql/pglite';
import { isKycOutcome, type KycOutcome } from './kyc.ts';
import { isPaymentOutcome, type PaymentOutcome } from './payments.ts';
import { NEXT_TABLE, providersSchema } from './schema.ts';

/** A member's choice of what the provider does with their next KYC case or payment session. */
export interface NextOutcomes {
  kyc: KycOutcome | null;
  payments: PaymentOutcome | null;
}

/**
 * Each member's own choice of the next outcome, one per provider: taken (and forgotten) when their
 * next case or session opens, in place of the host's `auto`, so one member's demo never steers another's.
 */
export function embeddedNextOutcomes(db: PGliteInterface) {
  const ensureSchema = providersSchema(db);
  return {
    async of(memberId: string): Promise<NextOutcomes> {
      await ensureSchema();
      const { rows } = await db.query<{ provider: string; outcome: string }>(
        `select provider, outcome from ${NEXT_TABLE} where member_id = $1::uuid`,
        [memberId],
      );
      const kyc = rows.find((row) => row.provider === 'kyc')?.outcome;
      const payments = rows.find((row) => row.provider === 'payments')?.outcome;
      return { kyc: isKycOutcome(kyc) ? kyc : null, payments: isPaymentOutcome(payments) ? payments : null };
    },
    /** Sets (or, with null, clears) the member's choice for each provider named in `choice`. */
    async choose(memberId: string, choice: Partial<NextOutcomes>): Promise<NextOutcomes> {
      await ensureSchema();
      for (const provider of ['kyc', 'payments'] as const) {
        if (!(provider in choice)) continue;
        const outcome = choice[provider];
        if (outcome) {
          await db.query(
            `insert into ${NEXT_TABLE} (member_id, provider, outcome) values ($1::uuid, $2, $3)
             on conflict (member_id, provider) do update set outcome = excluded.outcome`,
            [memberId, provider, outcome],
          );
        } else {
          await db.query(`delete from ${NEXT_TABLE} where member_id = $1::uuid and provider = $2`, [
            memberId,
            provider,
          ]);
        }
      }
      return this.of(memberId);
    },
    /** The member's choice for `provider`, forgotten as it is taken; null when they made none. */
    async take<P extends keyof NextOutcomes>(memberId: string, provider: P): Promise<NextOutcomes[P] | null> {
      await ensureSchema();
      const { rows } = await db.query<{ outcome: string }>(
        `delete from ${NEXT_TABLE} where member_id = $1::uuid and provider = $2 returning outcome`,
        [memberId, provider],
      );
      const outcome = rows[0]?.outcome;
      const valid = provider === 'kyc' ? isKycOutcome(outcome) : isPaymentOutcome(outcome);
      return valid ? (outcome as NextOutcomes[P]) : null;
    },
  };
}

export type EmbeddedNextOutcomes = ReturnType<typeof embeddedNextOutcomes>;
