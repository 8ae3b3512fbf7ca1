import { useRead } from '../_query/queryRef';
import { agreementSignatureQuery } from './keys';

/** The member's signature of the current agreement: no row until they sign. */
export const useAgreementSignature = (memberId: string) => useRead(agreementSignatureQuery(memberId));
