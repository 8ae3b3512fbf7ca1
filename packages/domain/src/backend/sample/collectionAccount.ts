import * as v from 'valibot';
import { type CollectionAccountRow, CollectionAccountRowSchema } from '../bankAccounts';

/**
 * The account local and demo projects collect bank transfers on (`app_settings`, written by the
 * seed): a test account, named so. The IBAN passes the checksum but its bank code (00000000)
 * belongs to no German bank, and the BIC's location code ends in 0, SWIFT's mark of a test BIC.
 */
export const collectionAccount: CollectionAccountRow = v.parse(CollectionAccountRowSchema, {
  beneficiary: 'Vault Collections TEST ACCOUNT (do not pay)',
  iban: 'DE50000000000123456789',
  bic: 'TESTDEF0XXX',
});
