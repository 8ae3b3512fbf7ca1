import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { actionErrors } from './actionErrors';
import {
  BANK_HOLDER_NAME_MAX,
  bankAccountErrorField,
  bankAccountErrorText,
  bankHolderNameProblem,
  CollectionAccountRowSchema,
  formatIban,
  ibanLengths,
  maskIban,
  normaliseBic,
  validateIban,
} from './bankAccounts';
import { sampleCollectionAccount } from './sample';

/** IBANs with sound check digits, from the registry's and the banks' published examples. */
const validIbans = [
  'DE89370400440532013000',
  'GB82WEST12345698765432',
  'FR1420041010050500013M02606',
  'NL91ABNA0417164300',
  'BE68539007547034',
  'NO9386011117947',
  'ES9121000418450200051332',
  'IT60X0542811101000000123456',
  'CH9300762011623852957',
  'MT84MALT011000012345MTLCAST001S',
  'AT611904300234573201',
  'IE29AIBK93115212345678',
  'PL61109010140000071219812874',
  'PT50000201231234567890154',
  'SE4550000000058398257466',
  'FI2112345600000785',
  'DK5000400440116243',
  'LU280019400644750000',
  'LC55HEMM000100010012001200023015',
  'RU0204452560040702810412345678901',
];

const refusal = (input: string) => {
  const check = validateIban(input);
  return check.ok ? null : check.error;
};

describe('validateIban', () => {
  it.each(validIbans)('accepts %s, stored as typed', (iban) => {
    expect(validateIban(iban)).toEqual({ ok: true, iban });
  });

  it('accepts the printed form with spaces, in lower case, and stores it compact and upper-cased', () => {
    expect(validateIban('DE89 3704 0044 0532 0130 00')).toEqual({ ok: true, iban: 'DE89370400440532013000' });
    expect(validateIban('  gb82 west 1234 5698 7654 32 ')).toEqual({ ok: true, iban: 'GB82WEST12345698765432' });
    expect(validateIban('fr14 2004 1010 0505 0001 3m02 606')).toEqual({
      ok: true,
      iban: 'FR1420041010050500013M02606',
    });
  });

  it('refuses an empty IBAN, or one of spaces only', () => {
    expect(refusal('')).toEqual(actionErrors.ibanRequired);
    expect(refusal('   ')).toEqual(actionErrors.ibanRequired);
  });

  it('refuses characters other than letters, digits and spaces', () => {
    for (const input of [
      'DE89-3704-0044-0532-0130-00',
      'DE89.3704.0044.0532.0130.00',
      'DE89\t370400440532013000',
      'DE89 3704 0044 0532 0130 0ß',
      'DÉ89370400440532013000',
      'DE89３70400440532013000',
    ]) {
      expect(refusal(input), input).toEqual(actionErrors.ibanBadCharacters);
    }
  });

  it('refuses an IBAN that does not start with two letters and two digits', () => {
    expect(refusal('8937040044053201300000')).toEqual(actionErrors.ibanBadStart);
    expect(refusal('DEXX370400440532013000')).toEqual(actionErrors.ibanBadStart);
    expect(refusal('D')).toEqual(actionErrors.ibanBadStart);
    expect(refusal('DE8')).toEqual(actionErrors.ibanBadStart);
  });

  it('refuses a country code no IBAN starts with', () => {
    expect(refusal('US12345678901234567890')).toEqual(actionErrors.ibanUnknownCountry('US'));
    expect(refusal('ZZ00')).toEqual(actionErrors.ibanUnknownCountry('ZZ'));
    expect(actionErrors.ibanUnknownCountry('US').message).toBe('no IBAN starts with US: check the country code');
  });

  it('refuses a length other than its country’s, a character too few or too many', () => {
    expect(refusal('DE8937040044053201300')).toEqual(actionErrors.ibanBadLength('DE', 22));
    expect(refusal('DE893704004405320130001')).toEqual(actionErrors.ibanBadLength('DE', 22));
    expect(refusal('NO938601111794')).toEqual(actionErrors.ibanBadLength('NO', 15));
    expect(refusal('DE89')).toEqual(actionErrors.ibanBadLength('DE', 22));
    expect(actionErrors.ibanBadLength('DE', 22).message).toBe('an IBAN from DE has 22 characters');
  });

  it('refuses wrong check digits: one digit changed, two swapped, another country’s code', () => {
    expect(refusal('DE89370400440532013001')).toEqual(actionErrors.ibanBadChecksum);
    expect(refusal('DE88370400440532013000')).toEqual(actionErrors.ibanBadChecksum);
    expect(refusal('DE89370400440532031000')).toEqual(actionErrors.ibanBadChecksum);
    expect(refusal('GB82WEST12345698765423')).toEqual(actionErrors.ibanBadChecksum);
    // Same length, same digits, another country: the country code is inside the check.
    expect(refusal('GB89370400440532013000')).toEqual(actionErrors.ibanBadChecksum);
  });

  it('refuses check digits 00, 01 and 99, though MOD 97 gives 1 for them where 97, 98 or 02 are sound (ISO 13616)', () => {
    /** The first German IBAN with these check digits that is sound. */
    const soundWith = (digits: string): string => {
      for (let n = 0; n < 10_000; n += 1) {
        const iban = `DE${digits}${String(n).padStart(18, '0')}`;
        if (validateIban(iban).ok) return iban;
      }
      throw new Error(`no sound IBAN with check digits ${digits}`);
    };
    for (const [sound, twin] of [
      ['97', '00'],
      ['98', '01'],
      ['02', '99'],
    ] as const) {
      const iban = soundWith(sound);
      expect(refusal(`DE${twin}${iban.slice(4)}`), `${iban} as ${twin}`).toEqual(actionErrors.ibanBadChecksum);
    }
  });

  it('checks the first refusal in order: characters, start, country, length, check digits', () => {
    expect(refusal('ZZ-')).toEqual(actionErrors.ibanBadCharacters);
    expect(refusal('ZZ')).toEqual(actionErrors.ibanBadStart);
    expect(refusal('ZZ00 1')).toEqual(actionErrors.ibanUnknownCountry('ZZ'));
    expect(refusal('DE00 1')).toEqual(actionErrors.ibanBadLength('DE', 22));
  });
});

describe('the IBAN lengths', () => {
  it('hold each country once, between 15 (Norway) and 34 characters', () => {
    expect(new Set(ibanLengths.map((r) => r.country)).size).toBe(ibanLengths.length);
    expect(Math.min(...ibanLengths.map((r) => r.length))).toBe(15);
    expect(Math.max(...ibanLengths.map((r) => r.length))).toBeLessThanOrEqual(34);
    for (const iban of validIbans) {
      expect(ibanLengths.find((r) => r.country === iban.slice(0, 2))?.length, iban).toBe(iban.length);
    }
  });
});

describe('maskIban and formatIban', () => {
  it('keep only the country code and the last four characters', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE•• …3000');
    expect(maskIban('NO9386011117947')).toBe('NO•• …7947');
    expect(maskIban('MT84MALT011000012345MTLCAST001S')).not.toContain('84');
  });

  it('print an IBAN in groups of four', () => {
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban('BE68539007547034')).toBe('BE68 5390 0754 7034');
  });
});

describe('the holder’s name and the BIC', () => {
  it('takes a name of 1 to 140 characters once trimmed of spaces', () => {
    expect(bankHolderNameProblem('Jan van der Meer')).toBeNull();
    expect(bankHolderNameProblem('  J  ')).toBeNull();
    expect(bankHolderNameProblem('x'.repeat(BANK_HOLDER_NAME_MAX))).toBeNull();
    // Characters, not UTF-16 units: 140 emoji are 140 characters.
    expect(bankHolderNameProblem('🙂'.repeat(BANK_HOLDER_NAME_MAX))).toBeNull();
    expect(bankHolderNameProblem('')).toEqual(actionErrors.bankHolderNameLength);
    expect(bankHolderNameProblem('   ')).toEqual(actionErrors.bankHolderNameLength);
    expect(bankHolderNameProblem('x'.repeat(BANK_HOLDER_NAME_MAX + 1))).toEqual(actionErrors.bankHolderNameLength);
  });

  it('normalises a BIC of 8 or 11 characters and refuses anything else', () => {
    expect(normaliseBic('cobadeffxxx')).toBe('COBADEFFXXX');
    expect(normaliseBic('DEUT DE FF')).toBe('DEUTDEFF');
    expect(normaliseBic('DEUTDEF')).toBeNull();
    expect(normaliseBic('DEUTDEFF5')).toBeNull();
    expect(normaliseBic('1EUTDEFF')).toBeNull();
    expect(normaliseBic('DEUT-DEFF')).toBeNull();
  });
});

describe('the refusals as the form shows them', () => {
  it('are sentences, each beside its field', () => {
    expect(bankAccountErrorText(actionErrors.ibanBadChecksum.message)).toBe(
      "The IBAN's check digits do not match the rest: check it for a typo.",
    );
    expect(bankAccountErrorField(actionErrors.bankHolderNameLength.message)).toBe('holder_name');
    for (const error of [
      actionErrors.ibanRequired,
      actionErrors.ibanBadCharacters,
      actionErrors.ibanBadStart,
      actionErrors.ibanUnknownCountry('US'),
      actionErrors.ibanBadLength('DE', 22),
      actionErrors.ibanBadChecksum,
    ]) {
      expect(bankAccountErrorField(error.message), error.message).toBe('iban');
    }
    expect(bankAccountErrorField(actionErrors.notSignedIn.message)).toBeNull();
    expect(bankAccountErrorField(actionErrors.bicBadFormat.message)).toBeNull();
  });
});

describe('the sample collection account', () => {
  it('is a test account with a sound IBAN, as stored', () => {
    expect(sampleCollectionAccount.beneficiary).toMatch(/TEST ACCOUNT/);
    expect(validateIban(sampleCollectionAccount.iban)).toEqual({ ok: true, iban: sampleCollectionAccount.iban });
    expect(normaliseBic(sampleCollectionAccount.bic ?? '')).toBe(sampleCollectionAccount.bic);
    expect(() => v.parse(CollectionAccountRowSchema, { ...sampleCollectionAccount, iban: 'DE50 0000' })).toThrow();
  });
});
