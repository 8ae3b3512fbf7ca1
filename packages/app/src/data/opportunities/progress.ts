import { type OfferingProgressRow, OfferingProgressRowSchema } from '@vault/domain';
import { type MemberRead, useMemberRead } from '../_query/memberRead';

/** What each offering with a maximum has raised (`offering_progress()`); the list and the detail share it. */
const offeringProgressRead: MemberRead<OfferingProgressRow> = {
  fn: 'offering_progress',
  schema: OfferingProgressRowSchema,
};

export const useOfferingProgress = () => useMemberRead(offeringProgressRead);
