import * as v from 'valibot';
import { actionErrors } from './actionErrors';
import type { BackendError } from './errors';

/**
 * Bank accounts as IBANs (ISO 13616): the member's linked account, where withdrawals are paid
 * (`link_bank_account`, 11_ledger.sql), and the account the platform collects bank transfers on
 * (`payment_collection_account`, 01_identity_and_settings.sql). The SQL reads the lengths and the
 * mask through 00_generated_domain.sql (`iban_length`, `iban_masked`); its own check
 * (`iban_checked`) refuses what `validateIban` refuses, with the same messages
 * (supabase/tests/bank-accounts.test.ts holds them equal).
 */

const IbanLengthSchema = v.object({
  country: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'two capital letters')),
  length: v.pipe(v.number(), v.integer(), v.minValue(15), v.maxValue(34)),
});
type IbanLength = v.InferOutput<typeof IbanLengthSchema>;

const IbanLengthTableSchema = v.pipe(
  v.array(IbanLengthSchema),
  v.check((rows) => new Set(rows.map((r) => r.country)).size === rows.length, 'a country is listed twice'),
);

/**
 * The length of an IBAN by the country code it starts with (SWIFT's IBAN registry). Territories
 * that use another country's IBANs (the French overseas departments, Åland, the Channel Islands)
 * are not listed: their IBANs start with FR, FI or GB. XK (Kosovo) is the registry's own code.
 */
export const ibanLengths: readonly IbanLength[] = v.parse(IbanLengthTableSchema, [
  { country: 'AD', length: 24 },
  { country: 'AE', length: 23 },
  { country: 'AL', length: 28 },
  { country: 'AT', length: 20 },
  { country: 'AZ', length: 28 },
  { country: 'BA', length: 20 },
  { country: 'BE', length: 16 },
  { country: 'BG', length: 22 },
  { country: 'BH', length: 22 },
  { country: 'BI', length: 27 },
  { country: 'BR', length: 29 },
  { country: 'BY', length: 28 },
  { country: 'CH', length: 21 },
  { country: 'CR', length: 22 },
  { country: 'CY', length: 28 },
  { country: 'CZ', length: 24 },
  { country: 'DE', length: 22 },
  { country: 'DJ', length: 27 },
  { country: 'DK', length: 18 },
  { country: 'DO', length: 28 },
  { country: 'EE', length: 20 },
  { country: 'EG', length: 29 },
  { country: 'ES', length: 24 },
  { country: 'FI', length: 18 },
  { country: 'FK', length: 18 },
  { country: 'FO', length: 18 },
  { country: 'FR', length: 27 },
  { country: 'GB', length: 22 },
  { country: 'GE', length: 22 },
  { country: 'GI', length: 23 },
  { country: 'GL', length: 18 },
  { country: 'GR', length: 27 },
  { country: 'GT', length: 28 },
  { country: 'HN', length: 28 },
  { country: 'HR', length: 21 },
  { country: 'HU', length: 28 },
  { country: 'IE', length: 22 },
  { country: 'IL', length: 23 },
  { country: 'IQ', length: 23 },
  { country: 'IS', length: 26 },
  { country: 'IT', length: 27 },
  { country: 'JO', length: 30 },
  { country: 'KW', length: 30 },
  { country: 'KZ', length: 20 },
  { country: 'LB', length: 28 },
  { country: 'LC', length: 32 },
  { country: 'LI', length: 21 },
  { country: 'LT', length: 20 },
  { country: 'LU', length: 20 },
  { country: 'LV', length: 21 },
  { country: 'LY', length: 25 },
  { country: 'MC', length: 27 },
  { country: 'MD', length: 24 },
  { country: 'ME', length: 22 },
  { country: 'MK', length: 19 },
  { country: 'MN', length: 20 },
  { country: 'MR', length: 27 },
  { country: 'MT', length: 31 },
  { country: 'MU', length: 30 },
  { country: 'NI', length: 28 },
  { country: 'NL', length: 18 },
  { country: 'NO', length: 15 },
  { country: 'OM', length: 23 },
  { country: 'PK', length: 24 },
  { country: 'PL', length: 28 },
  { country: 'PS', length: 29 },
  { country: 'PT', length: 25 },
  { country: 'QA', length: 29 },
  { country: 'RO', length: 24 },
  { country: 'RS', length: 22 },
  { country: 'RU', length: 33 },
  { country: 'SA', length: 24 },
  { country: 'SC', length: 31 },
  { country: 'SD', length: 18 },
  { country: 'SE', length: 24 },
  { country: 'SI', length: 19 },
  { country: 'SK', length: 24 },
  { country: 'SM', length: 27 },
  { country: 'SO', length: 23 },
  { country: 'ST', length: 25 },
  { country: 'SV', length: 28 },
  { country: 'TL', length: 23 },
  { country: 'TN', length: 24 },
  { country: 'TR', length: 26 },
  { country: 'UA', length: 29 },
  { country: 'VA', length: 22 },
  { country: 'VG', length: 24 },
  { country: 'XK', length: 20 },
  { country: 'YE', length: 30 },
]);

const lengthByCountry = new Map(ibanLengths.map((row) => [row.country, row.length]));

/** The holder's name as the server keeps it: trimmed of spaces, 1 to 140 characters. */
export const BANK_HOLDER_NAME_MAX = 140;

/**
 * What replaces all of an IBAN but its country code and its last four characters wherever it is
 * shown or recorded after linking: `DE•• …3000`.
 */
export const IBAN_MASK = '•• …';

export type IbanCheck = { ok: true; iban: string } | { ok: false; error: BackendError };

/** ISO 7064 MOD 97-10 over the IBAN with its first four characters moved to the end: 1 when sound. */
function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = Number.parseInt(char, 36);
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

/**
 * An IBAN as typed, checked as `link_bank_account` checks it: spaces are dropped and letters
 * upper-cased; then it must be letters and digits only, start with a country code and two check
 * digits, have its country's length, and pass the MOD 97-10 check (check digits 00, 01 and 99
 * never do). The first refusal, with the server's code and message, or the IBAN as stored.
 */
export function validateIban(input: string): IbanCheck {
  const compact = input.replaceAll(' ', '');
  if (compact === '') return { ok: false, error: actionErrors.ibanRequired };
  // Before upper-casing: a letter outside A–Z may upper-case into several (ß into SS).
  if (!/^[A-Za-z0-9]+$/.test(compact)) return { ok: false, error: actionErrors.ibanBadCharacters };
  const iban = compact.toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}/.test(iban)) return { ok: false, error: actionErrors.ibanBadStart };
  const country = iban.slice(0, 2);
  const length = lengthByCountry.get(country);
  if (length === undefined) return { ok: false, error: actionErrors.ibanUnknownCountry(country) };
  if (iban.length !== length) return { ok: false, error: actionErrors.ibanBadLength(country, length) };
  const checkDigits = iban.slice(2, 4);
  if (checkDigits === '00' || checkDigits === '01' || checkDigits === '99' || ibanRemainder(iban) !== 1) {
    return { ok: false, error: actionErrors.ibanBadChecksum };
  }
  return { ok: true, iban };
}

/** The holder's name as typed, checked as the server checks it: null when fine. */
export function bankHolderNameProblem(input: string): BackendError | null {
  const name = input.replace(/^ +| +$/g, '');
  const length = [...name].length;
  return length >= 1 && length <= BANK_HOLDER_NAME_MAX ? null : actionErrors.bankHolderNameLength;
}

/** A BIC (ISO 9362), 8 or 11 characters, spaces dropped and upper-cased; null when it is not one. */
export function normaliseBic(input: string): string | null {
  const compact = input.replaceAll(' ', '');
  if (!/^[A-Za-z0-9]+$/.test(compact)) return null;
  const bic = compact.toUpperCase();
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) ? bic : null;
}

/** A stored IBAN with all but its country code and last four characters masked: `DE•• …3000`. */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 2)}${IBAN_MASK}${iban.slice(-4)}`;
}

/** A stored IBAN in groups of four, as it is printed for a person to read and type: `DE89 3704 0044 …`. */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A refusal of `link_bank_account` as the member reads it beside the form: a sentence. */
export function bankAccountErrorText(message: string): string {
  const sentence = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** Which field of the linking form a refusal of `link_bank_account` belongs to; null for neither. */
export function bankAccountErrorField(message: string): 'holder_name' | 'iban' | null {
  if (message === actionErrors.bankHolderNameLength.message) return 'holder_name';
  return /IBAN/.test(message) ? 'iban' : null;
}

const MaskedIbanSchema = v.pipe(v.string(), v.regex(/^[A-Z]{2}•• …[A-Z0-9]{4}$/));

/** `my_bank_account()`'s one row (none when nothing is linked): the IBAN masked, never whole. */
export const BankAccountRowSchema = v.object({
  holder_name: v.pipe(v.string(), v.minLength(1)),
  iban_masked: MaskedIbanSchema,
  bic: v.nullable(v.string()),
  linked_at: v.string(),
});
export type BankAccountRow = v.InferOutput<typeof BankAccountRowSchema>;

/**
 * `payment_collection_account()`'s one row (none when the project has not configured it): the
 * beneficiary a member's SEPA transfer is made out to, with its IBAN and BIC.
 */
export const CollectionAccountRowSchema = v.object({
  beneficiary: v.pipe(v.string(), v.minLength(1)),
  iban: v.pipe(
    v.string(),
    v.check((iban) => {
      const check = validateIban(iban);
      return check.ok && check.iban === iban;
    }, 'an IBAN as stored: valid, upper case, without spaces'),
  ),
  bic: v.nullable(v.string()),
});
export type CollectionAccountRow = v.InferOutput<typeof CollectionAccountRowSchema>;
