import { currentAgreement } from '@vault/domain';
import type { QueryRef } from '../_query/queryRef';

/**
 * The member's signature of the current agreement. Filtered by member: staff readers (compliance,
 * mfo_admin, the admin flag) may read every member's signatures.
 */
export function agreementSignatureQuery(memberId: string) {
  return {
    table: 'agreement_signatures',
    eq: { member_id: memberId, version: currentAgreement.version },
  } as const satisfies QueryRef;
}
