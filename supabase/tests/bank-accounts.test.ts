import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  actionErrors,
  type BackendError,
  ibanLengths,
  maskIban,
  sampleCollectionAccount,
  validateIban,
} from '@vault/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, become, type Callers, callerNames, createCallers, whoIs } from './actors';
import { type Account, asActor, executeGrants, seededDb, tryQuery } from './db';
import { recordPayment, refusal } from './ledgerSupport';

/**
 * Bank accounts (docs/ledger.md "Bank accounts"): the IBAN check of the SQL (`iban_checked`,
 * `iban_length`, `iban_masked`) against the domain's `validateIban` and `maskIban`;
 * link_bank_account, unlink_bank_account, my_bank_account and payment_collection_account for
 * every caller; the refusals; a relink replacing, the same link recording nothing; the audit
 * events holding the IBAN masked only; request_withdrawal paying to the linked account.
 */

let db: PGlite;
let callers: Callers;

beforeAll(async () => {
  db = await seededDb();
  callers = await createCallers(db);
});

afterAll(async () => {
  await db?.close();
});

const denied = (fn: string) => refusal(actionErrors.functionDenied(fn));
const link = 'select * from public.link_bank_account($1, $2, $3)';
const mine = 'select * from public.my_bank_account()';

const ibanDE = 'DE89370400440532013000';
const ibanNL = 'NL91ABNA0417164300';

interface AuditRow {
  action: string;
  actor_id: string | null;
  subject_type: string;
  subject_id: string;
  details: Record<string, unknown>;
}

async function bankEventsOf(tx: Transaction, member: Account): Promise<AuditRow[]> {
  await tx.exec('reset role');
  const { rows } = await tx.query<AuditRow>(
    `select action, actor_id, subject_type, subject_id, details from public.audit_events
     where member_id = $1 and action like 'bank.%' order by id`,
    [member.id],
  );
  return rows;
}

/** What the SQL check answers for an IBAN as typed: the IBAN as stored, or its refusal. */
async function sqlCheck(
  tx: Transaction,
  input: string,
): Promise<{ ok: true; iban: string } | { ok: false; error: BackendError }> {
  const result = await tryQuery<{ iban: string }>(tx, 'select public.iban_checked($1) as iban', [input]);
  if (result.ok) return { ok: true, iban: result.value.rows[0]?.iban ?? '' };
  return { ok: false, error: { code: result.code ?? '', message: result.message } };
}

/** Inputs for each of validateIban's answers (packages/domain/src/backend/bankAccounts.test.ts). */
const ibanCases = [
  ibanDE,
  'GB82WEST12345698765432',
  'FR1420041010050500013M02606',
  ibanNL,
  'BE68539007547034',
  'NO9386011117947',
  'IT60X0542811101000000123456',
  'MT84MALT011000012345MTLCAST001S',
  'LC55HEMM000100010012001200023015',
  'RU0204452560040702810412345678901',
  'DE89 3704 0044 0532 0130 00',
  '  gb82 west 1234 5698 7654 32 ',
  'fr14 2004 1010 0505 0001 3m02 606',
  '',
  '   ',
  'DE89-3704-0044-0532-0130-00',
  'DE89\t370400440532013000',
  'DE89 3704 0044 0532 0130 0ß',
  'DÉ89370400440532013000',
  'DE89３70400440532013000',
  '8937040044053201300000',
  'DEXX370400440532013000',
  'D',
  'US12345678901234567890',
  'ZZ00',
  'DE8937040044053201300',
  'DE893704004405320130001',
  'NO938601111794',
  'DE89370400440532013001',
  'DE89370400440532031000',
  'GB89370400440532013000',
  'DE00000000000000000000',
  'DE01000000000000000000',
  'DE99000000000000000000',
];

describe('the IBAN check in SQL', () => {
  it('answers what validateIban answers, case by case', async () => {
    await asOwner(db, async (tx) => {
      for (const input of ibanCases)
        expect(await sqlCheck(tx, input), JSON.stringify(input)).toEqual(validateIban(input));
    });
  });

  it('refuses check digits 00, 01 and 99 where MOD 97 alone would pass them, as validateIban does', async () => {
    /** The first German IBAN with these check digits that is sound. */
    const soundWith = (digits: string): string => {
      for (let n = 0; n < 10_000; n += 1) {
        const iban = `DE${digits}${String(n).padStart(18, '0')}`;
        if (validateIban(iban).ok) return iban;
      }
      throw new Error(`no sound IBAN with check digits ${digits}`);
    };
    await asOwner(db, async (tx) => {
      for (const [sound, twin] of [
        ['97', '00'],
        ['98', '01'],
        ['02', '99'],
      ] as const) {
        const iban = soundWith(sound);
        expect(await sqlCheck(tx, iban)).toEqual({ ok: true, iban });
        expect(await sqlCheck(tx, `DE${twin}${iban.slice(4)}`)).toEqual({
          ok: false,
          error: actionErrors.ibanBadChecksum,
        });
      }
    });
  });

  it('answers what validateIban answers for sound IBANs of every country, and each with a digit changed', async () => {
    await asOwner(db, async (tx) => {
      const { rows } = await tx.query<{ country: string; length: number | null }>(
        'select c as country, public.iban_length(c) as length from unnest($1::text[]) as c',
        [[...ibanLengths.map((r) => r.country), 'US', 'XX']],
      );
      expect(rows).toEqual([
        ...ibanLengths.map((r) => ({ country: r.country, length: r.length })),
        { country: 'US', length: null },
        { country: 'XX', length: null },
      ]);
      // A sound IBAN per country: its BBAN all sevens, its check digits computed by the domain.
      for (const { country, length } of ibanLengths) {
        const bban = '7'.repeat(length - 4);
        const digits = Array.from({ length: 97 }, (_, n) => String(n + 2).padStart(2, '0')).find(
          (d) => validateIban(`${country}${d}${bban}`).ok,
        );
        expect(digits, country).toBeDefined();
        const sound = `${country}${digits}${bban}`;
        expect(await sqlCheck(tx, sound), sound).toEqual({ ok: true, iban: sound });
        const typo = `${sound.slice(0, -1)}8`;
        expect(await sqlCheck(tx, typo), typo).toEqual(validateIban(typo));
        expect(validateIban(typo)).toEqual({ ok: false, error: actionErrors.ibanBadChecksum });
      }
    });
  });

  it('answers what validateIban answers for random input', async () => {
    const alphabet = fc.constantFrom(...'ABDEFGLNORTUXZabdegz0123456789 -ßé'.split(''));
    const nearlyIban = fc.tuple(
      fc.constantFrom(...ibanLengths.map((r) => r.country), 'US', 'de', 'gb'),
      fc.array(fc.constantFrom(...'0123456789AZ '.split('')), { minLength: 0, maxLength: 34 }),
    );
    const input = fc.oneof(
      fc.array(alphabet, { maxLength: 40 }).map((chars) => chars.join('')),
      nearlyIban.map(([country, rest]) => country + rest.join('')),
    );
    await asOwner(db, async (tx) => {
      await fc.assert(
        fc.asyncProperty(input, async (typed) => {
          expect(await sqlCheck(tx, typed)).toEqual(validateIban(typed));
        }),
        { numRuns: 400 },
      );
    });
  });

  it('masks an IBAN as maskIban does', async () => {
    await asOwner(db, async (tx) => {
      for (const iban of [ibanDE, ibanNL, 'NO9386011117947', 'MT84MALT011000012345MTLCAST001S']) {
        const { rows } = await tx.query<{ masked: string }>('select public.iban_masked($1) as masked', [iban]);
        expect(rows).toEqual([{ masked: maskIban(iban) }]);
      }
    });
  });

  it.each(['iban_checked', 'bic_checked', 'iban_length', 'iban_masked', 'app_settings_collection_checked'])(
    '%s is executable by no client role and not by the service role',
    async (fn) => {
      expect(await executeGrants(db, fn)).toEqual([{ anon: false, authenticated: false, service_role: false }]);
    },
  );
});

describe('who may call the bank account functions', () => {
  it.each(callerNames)('link, read and unlink as %s', async (name) => {
    await asActor(db, whoIs(callers, name), async (tx) => {
      const linked = await tryQuery<{ member_id: string; iban: string }>(tx, link, [' Ada Lovelace ', ibanDE, null]);
      const read = await tryQuery(tx, mine);
      const unlinked = await tryQuery<{ unlinked: boolean }>(tx, 'select public.unlink_bank_account() as unlinked');
      const after = await tryQuery(tx, mine);
      const who = whoIs(callers, name);
      if (typeof who !== 'object') {
        expect(linked).toMatchObject(denied('link_bank_account'));
        expect(read).toMatchObject(denied('my_bank_account'));
        expect(unlinked).toMatchObject(denied('unlink_bank_account'));
        return;
      }
      expect(linked).toMatchObject({ ok: true, value: { rows: [{ member_id: who.id, iban: ibanDE }] } });
      expect(read).toMatchObject({
        ok: true,
        value: { rows: [{ holder_name: 'Ada Lovelace', iban_masked: 'DE•• …3000', bic: null }] },
      });
      expect(unlinked).toMatchObject({ ok: true, value: { rows: [{ unlinked: true }] } });
      expect(after).toMatchObject({ ok: true, value: { rows: [] } });
    });
  });

  it.each(callerNames)('payment_collection_account as %s', async (name) => {
    const result = await asActor(db, whoIs(callers, name), (tx) =>
      tryQuery(tx, 'select * from public.payment_collection_account()'),
    );
    if (name === 'anon' || name === 'service_role') expect(result).toMatchObject(denied('payment_collection_account'));
    else expect(result).toEqual({ ok: true, value: { rows: [sampleCollectionAccount] } });
  });

  it('refuses the owner without a member’s claims: not signed in', async () => {
    const result = await asOwner(db, async (tx) => ({
      link: await tryQuery(tx, link, ['Ada', ibanDE, null]),
      unlink: await tryQuery(tx, 'select public.unlink_bank_account()'),
      mine: await tryQuery(tx, mine),
      collection: await tryQuery(tx, 'select * from public.payment_collection_account()'),
    }));
    for (const attempt of Object.values(result)) expect(attempt).toMatchObject(refusal(actionErrors.notSignedIn));
  });
});

describe('linking a bank account', () => {
  it('refuses a holder’s name and an IBAN the check refuses, and a malformed BIC, linking nothing', async () => {
    await asActor(db, callers.investorA, async (tx) => {
      const cases: [unknown[], BackendError][] = [
        [['', ibanDE, null], actionErrors.bankHolderNameLength],
        [['    ', ibanDE, null], actionErrors.bankHolderNameLength],
        [[null, ibanDE, null], actionErrors.bankHolderNameLength],
        [['x'.repeat(141), ibanDE, null], actionErrors.bankHolderNameLength],
        [['Ada', null, null], actionErrors.ibanRequired],
        [['Ada', 'DE89-3704', null], actionErrors.ibanBadCharacters],
        [['Ada', 'US12345678901234567890', null], actionErrors.ibanUnknownCountry('US')],
        [['Ada', 'DE8937040044053201300', null], actionErrors.ibanBadLength('DE', 22)],
        [['Ada', 'DE89370400440532013001', null], actionErrors.ibanBadChecksum],
        [['Ada', ibanDE, 'COBADEF'], actionErrors.bicBadFormat],
        [['Ada', ibanDE, 'COBA-DEFF'], actionErrors.bicBadFormat],
      ];
      for (const [args, error] of cases) {
        expect(await tryQuery(tx, link, args), JSON.stringify(args)).toMatchObject(refusal(error));
      }
      expect(await tryQuery(tx, mine)).toMatchObject({ ok: true, value: { rows: [] } });
      expect(await bankEventsOf(tx, callers.investorA)).toEqual([]);
    });
  });

  it('stores the IBAN compact and upper-cased, the name trimmed, a BIC normalised; 140 characters fit', async () => {
    await asActor(db, callers.investorA, async (tx) => {
      const name = `${'é'.repeat(139)}z`;
      const { rows } = await tx.query<{ holder_name: string; iban: string; bic: string | null }>(link, [
        `  ${name} `,
        'de89 3704 0044 0532 0130 00',
        'coba de ff xxx',
      ]);
      expect(rows[0]).toMatchObject({ holder_name: name, iban: ibanDE, bic: 'COBADEFFXXX' });
      // A BIC of spaces only is no BIC.
      const again = await tx.query<{ bic: string | null }>(link, ['Ada', ibanDE, '   ']);
      expect(again.rows[0]?.bic).toBeNull();
    });
  });

  it('answers the same link again without a second event; another IBAN replaces it; unlink removes it once', async () => {
    await asActor(db, callers.investorA, async (tx) => {
      const me = callers.investorA;
      const first = await tx.query<{ linked_at: string }>(link, ['Ada Lovelace', ibanDE, null]);
      const same = await tx.query<{ linked_at: string }>(link, ['Ada Lovelace', 'DE89 3704 0044 0532 0130 00', null]);
      expect(same.rows).toEqual(first.rows);
      expect(await bankEventsOf(tx, me)).toEqual([
        {
          action: 'bank.account_linked',
          actor_id: me.id,
          subject_type: 'bank_account',
          subject_id: me.id,
          details: { iban_masked: 'DE•• …3000', country: 'DE' },
        },
      ]);

      await become(tx, me);
      await tx.query(link, ['Ada King', ibanNL, 'ABNANL2A']);
      await become(tx, me);
      expect((await tx.query(mine)).rows).toMatchObject([
        { holder_name: 'Ada King', iban_masked: 'NL•• …4300', bic: 'ABNANL2A' },
      ]);
      await become(tx, me);
      const { rows } = await tx.query<{ unlinked: boolean }>('select public.unlink_bank_account() as unlinked');
      const { rows: twice } = await tx.query<{ unlinked: boolean }>('select public.unlink_bank_account() as unlinked');
      expect([rows[0]?.unlinked, twice[0]?.unlinked]).toEqual([true, false]);
      expect((await tx.query(mine)).rows).toEqual([]);

      const events = await bankEventsOf(tx, me);
      expect(events.map((e) => [e.action, e.details])).toEqual([
        ['bank.account_linked', { iban_masked: 'DE•• …3000', country: 'DE' }],
        ['bank.account_linked', { iban_masked: 'NL•• …4300', country: 'NL', replaced_iban_masked: 'DE•• …3000' }],
        ['bank.account_unlinked', { iban_masked: 'NL•• …4300', country: 'NL' }],
      ]);
      // Never the whole IBAN, nor its check digits, anywhere in the trail.
      const { rows: leaks } = await tx.query(
        `select id from public.audit_events where details::text like '%' || $1 || '%' or details::text like '%' || $2 || '%'`,
        [ibanDE.slice(4, 12), ibanNL.slice(4, 10)],
      );
      expect(leaks).toEqual([]);
    });
  });

  it('lets a member read only their own row, and no client write one', async () => {
    await asActor(db, callers.investorA, async (tx) => {
      await tx.query(link, ['Ada', ibanDE, null]);
      await become(tx, callers.investorB);
      await tx.query(link, ['Grace', ibanNL, null]);
      for (const name of callerNames.filter((n) => n !== 'service_role')) {
        const who = whoIs(callers, name);
        await become(tx, who);
        const rows = await tryQuery<{ member_id: string }>(tx, 'select member_id from public.bank_accounts');
        if (name === 'anon') expect(rows).toMatchObject({ ok: false, code: '42501' });
        else if (name === 'investorA' || name === 'investorB')
          expect(rows, name).toMatchObject({ ok: true, value: { rows: [{ member_id: callers[name].id }] } });
        else expect(rows, name).toMatchObject({ ok: true, value: { rows: [] } });
        for (const write of [
          `insert into public.bank_accounts (member_id, holder_name, iban) values (gen_random_uuid(), 'x', '${ibanDE}')`,
          `update public.bank_accounts set holder_name = 'Mallory'`,
          'delete from public.bank_accounts',
        ]) {
          expect(await tryQuery(tx, write), `${name}: ${write}`).toMatchObject({ ok: false, code: '42501' });
        }
      }
      await become(tx, callers.investorB);
      expect((await tx.query(mine)).rows).toMatchObject([{ holder_name: 'Grace', iban_masked: 'NL•• …4300' }]);
    });
  });
});

describe('withdrawals and the linked account', () => {
  it('pay to the linked account, its IBAN masked, while one is linked; else where the deposits came from', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const me = callers.investorB;
      await recordPayment(tx, me, 'pi_bank_w', 10_000, 'settled');
      const withdraw = async () => {
        await become(tx, me);
        const { rows } = await tx.query<{ destination: string; destination_ref: string }>(
          'select destination, destination_ref from public.request_withdrawal(1000, $1)',
          [crypto.randomUUID()],
        );
        return rows[0];
      };
      expect(await withdraw()).toEqual({ destination: 'deposit_source', destination_ref: 'pi_bank_w' });
      await become(tx, me);
      await tx.query(link, ['Grace Hopper', ibanNL, null]);
      expect(await withdraw()).toEqual({ destination: 'linked_bank_account', destination_ref: 'NL•• …4300' });
      await become(tx, me);
      await tx.query('select public.unlink_bank_account()');
      expect(await withdraw()).toEqual({ destination: 'deposit_source', destination_ref: 'pi_bank_w' });
    });
  });
});

describe('the collection account', () => {
  it('is read by members through its function only: not by anon or authenticated from the table', async () => {
    for (const who of ['anon', callers.investorA] as const) {
      const result = await asActor(db, who, async (tx) => ({
        column: await tryQuery(tx, 'select collection_iban from public.app_settings'),
        demo: await tryQuery(tx, 'select demo_mode from public.app_settings'),
      }));
      expect(result.column).toMatchObject({ ok: false, code: '42501' });
      expect(result.demo).toMatchObject({ ok: true, value: { rows: [{ demo_mode: true }] } });
    }
  });

  it('answers no row until one is configured; a written IBAN is checked and stored compact', async () => {
    await asOwner(db, async (tx) => {
      await tx.query(
        'update public.app_settings set collection_beneficiary = null, collection_iban = null, collection_bic = null',
      );
      await become(tx, callers.investorA);
      expect((await tx.query('select * from public.payment_collection_account()')).rows).toEqual([]);
      // The service role writes the settings too: the check runs for it.
      await become(tx, 'service_role');
      expect(
        await tryQuery(
          tx,
          `update public.app_settings set collection_beneficiary = 'Vault', collection_iban = 'DE89370400440532013001'`,
        ),
      ).toMatchObject(refusal(actionErrors.ibanBadChecksum));
      expect(
        await tryQuery(
          tx,
          `update public.app_settings set collection_beneficiary = 'Vault', collection_bic = 'COBADEFF'`,
        ),
      ).toMatchObject({ ok: false, code: '23514' });
      await tx.query(
        `update public.app_settings set collection_beneficiary = 'Vault', collection_iban = 'de89 3704 0044 0532 0130 00', collection_bic = 'cobadeff'`,
      );
      await become(tx, callers.investorA);
      expect((await tx.query('select * from public.payment_collection_account()')).rows).toEqual([
        { beneficiary: 'Vault', iban: ibanDE, bic: 'COBADEFF' },
      ]);
    });
  });
});
