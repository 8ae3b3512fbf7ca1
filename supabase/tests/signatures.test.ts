import { createHash } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  actionErrors,
  agreementCanonicalText,
  agreementSections,
  currentAgreement,
  documentSha256,
  sampleMemberRows,
} from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asOwner,
  become,
  type CallerName,
  type Callers,
  callerNames,
  createCallers,
  giveSampleRows,
  whoIs,
} from './actors';
import { type Account, asActor, seededDb, tryQuery } from './db';

/**
 * Signatures (07_signatures.sql): the current agreement row equals the domain's;
 * sign_agreement and sign_document for every caller; a wrong version or hash refused; the
 * evidence recorded with its audit event; both idempotent; who reads the evidence.
 */

let db: PGlite;
let callers: Callers;

beforeAll(async () => {
  db = await seededDb();
  callers = await createCallers(db);
  // A new member holds only the agreement to sign; these two hold every sample document too
  // (signed and available ones), so signing one that is not pending can be tried.
  await giveSampleRows(db, [callers.investorA, callers.investorB]);
});

afterAll(async () => {
  await db?.close();
});

const signAgreement = 'select * from public.sign_agreement($1, $2)';
const signDocument = 'select * from public.sign_document($1)';
const pendingDoc = sampleMemberRows.documents.find((d) => d.status === 'Pending');
const signedDoc = sampleMemberRows.documents.find((d) => d.status === 'Signed');
const availableDoc = sampleMemberRows.documents.find((d) => d.status === 'Available');
if (!pendingDoc || !signedDoc || !availableDoc) throw new Error('the sample documents lack a status this test needs');

async function eventsOf(tx: Transaction, member: Account) {
  await tx.exec('reset role');
  const { rows } = await tx.query<{ action: string; subject_id: string; details: Record<string, unknown> }>(
    'select action, subject_id, details from public.audit_events where member_id = $1 order by id',
    [member.id],
  );
  return rows;
}

describe('the current agreement', () => {
  it('is one row, equal to the domain’s version and hash, and the hash is that of the agreement text', async () => {
    const { rows } = await db.query('select version, sha256 from public.agreement_versions where current');
    expect(rows).toEqual([{ version: currentAgreement.version, sha256: currentAgreement.sha256 }]);
    expect(createHash('sha256').update(agreementCanonicalText(), 'utf8').digest('hex')).toBe(currentAgreement.sha256);
  });

  it('changes hash when a single character of the text changes, so a new text needs a new version', () => {
    const changed = agreementSections.map((s, i) => (i === 0 ? { ...s, body: `${s.body} ` } : s));
    const digest = createHash('sha256').update(agreementCanonicalText(changed), 'utf8').digest('hex');
    expect(digest).not.toBe(currentAgreement.sha256);
  });

  it('is readable by signed-in members, not by anon, and written by nobody', async () => {
    for (const name of callerNames) {
      const result = await asActor(db, whoIs(callers, name), async (tx) => ({
        read: await tryQuery(tx, 'select version from public.agreement_versions where current'),
        write: await tryQuery(tx, `update public.agreement_versions set sha256 = repeat('a', 64)`),
      }));
      if (name === 'anon') expect(result.read, name).toMatchObject({ ok: false, code: '42501' });
      else
        expect(result.read, name).toMatchObject({ ok: true, value: { rows: [{ version: currentAgreement.version }] } });
      expect(result.write, name).toMatchObject({ ok: false, code: '42501' });
    }
  });
});

describe('sign_agreement', () => {
  it.each(callerNames)('as %s', async (name: CallerName) => {
    const result = await asActor(db, whoIs(callers, name), (tx) =>
      tryQuery(tx, signAgreement, [currentAgreement.version, currentAgreement.sha256]),
    );
    if (name === 'anon' || name === 'service_role')
      expect(result).toMatchObject({ ok: false, ...actionErrors.functionDenied('sign_agreement') });
    else
      expect(result).toMatchObject({
        ok: true,
        value: {
          rows: [
            {
              member_id: callers[name].id,
              version: currentAgreement.version,
              document_sha256: currentAgreement.sha256,
            },
          ],
        },
      });
  });

  it('records the signature and agreement.signed once: a second call returns the first signature', async () => {
    const me = callers.investorA;
    await asActor(db, me, async (tx) => {
      const first = await tx.query<Record<string, unknown>>(signAgreement, [
        currentAgreement.version,
        currentAgreement.sha256,
      ]);
      await become(tx, me);
      const second = await tx.query<Record<string, unknown>>(signAgreement, [
        currentAgreement.version,
        currentAgreement.sha256,
      ]);
      expect(second.rows).toEqual(first.rows);
      expect(first.rows[0]?.signed_at).toBeInstanceOf(Date);
      const events = await eventsOf(tx, me);
      expect(events).toEqual([
        {
          action: 'agreement.signed',
          subject_id: currentAgreement.version,
          details: { document_sha256: currentAgreement.sha256, signature_id: first.rows[0]?.id },
        },
      ]);
      const { rows } = await tx.query(
        'select count(*)::int as n from public.agreement_signatures where member_id = $1',
        [me.id],
      );
      expect(rows).toEqual([{ n: 1 }]);
    });
  });

  it('refuses a wrong hash, another version, a malformed hash, and a token with no user, recording nothing', async () => {
    const me = callers.investorB;
    const wrongHash = createHash('sha256').update(`${agreementCanonicalText()} `).digest('hex');
    const cases: [unknown[], { code: string; message: string }][] = [
      [[currentAgreement.version, wrongHash], actionErrors.notCurrentAgreement],
      [['v0', currentAgreement.sha256], actionErrors.notCurrentAgreement],
      [[currentAgreement.version, currentAgreement.sha256.toUpperCase()], actionErrors.agreementArgs],
      [[currentAgreement.version, 'abc'], actionErrors.agreementArgs],
      [[null, currentAgreement.sha256], actionErrors.agreementArgs],
    ];
    await asActor(db, me, async (tx) => {
      for (const [params, error] of cases) {
        expect(await tryQuery(tx, signAgreement, params), JSON.stringify(params)).toMatchObject({
          ok: false,
          ...error,
        });
      }
      expect(await eventsOf(tx, me)).toEqual([]);
      await tx.query(`select set_config('request.jwt.claims', '{"role":"authenticated"}', true)`);
      await tx.exec('set local role authenticated');
      expect(await tryQuery(tx, signAgreement, [currentAgreement.version, currentAgreement.sha256])).toMatchObject({
        ok: false,
        ...actionErrors.notSignedIn,
      });
    });
  });

  it('refuses a version that is no longer current', async () => {
    await asOwner(db, async (tx) => {
      await tx.exec(`update public.agreement_versions set current = false`);
      await tx.exec(
        `insert into public.agreement_versions (version, sha256, current) values ('v2', repeat('b', 64), true)`,
      );
      await become(tx, callers.investorA);
      expect(await tryQuery(tx, signAgreement, [currentAgreement.version, currentAgreement.sha256])).toMatchObject({
        ok: false,
        ...actionErrors.notCurrentAgreement,
      });
    });
  });
});

describe('the document hash', () => {
  it('is the domain’s documentSha256 for every document of every member, and changes with the row', async () => {
    const { rows } = await db.query<{
      user_id: string;
      id: string;
      name: string;
      type: string;
      date: string;
      h: string;
    }>(
      `select d.user_id::text as user_id, d.id, d.name, d.type, d.date, public.document_sha256(d) as h
       from public.documents d order by d.user_id, d.id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(sampleMemberRows.documents.length * 2);
    for (const row of rows) expect(documentSha256(row), `${row.user_id} ${row.id}`).toBe(row.h);
    // Text jsonb escapes, and characters beyond ASCII, hash the same in both.
    const odd = {
      user_id: callers.investorA.id,
      id: 'doc-odd',
      name: 'Ünïcode "quoted" \\ back\nline — €',
      type: '',
      date: '',
    };
    const { rows: sql } = await asOwner(db, (tx) =>
      tx.query<{ h: string }>(
        `select public.document_sha256(row($1::uuid, $2, $3, 'Pending', $4, $5)::public.documents) as h`,
        [odd.user_id, odd.id, odd.name, odd.type, odd.date],
      ),
    );
    expect(documentSha256(odd)).toBe(sql[0]?.h);
    expect(documentSha256({ ...odd, name: `${odd.name} ` })).not.toBe(sql[0]?.h);
  });
});

describe('sign_document', () => {
  it.each(callerNames)('as %s, on their own pending document', async (name: CallerName) => {
    const result = await asActor(db, whoIs(callers, name), (tx) => tryQuery(tx, signDocument, [pendingDoc.id]));
    if (name === 'anon' || name === 'service_role')
      expect(result).toMatchObject({ ok: false, ...actionErrors.functionDenied('sign_document') });
    else
      expect(result).toMatchObject({
        ok: true,
        value: {
          rows: [{ member_id: callers[name].id, document_id: pendingDoc.id, signer_email: callers[name].email }],
        },
      });
  });

  it('signs, keeps the evidence and the hash of the row as documented, and records document.signed once', async () => {
    const me = callers.investorA;
    await asActor(db, me, async (tx) => {
      const first = await tx.query<Record<string, unknown>>(signDocument, [pendingDoc.id]);
      const evidence = first.rows[0];
      const expectedHash = await tx.query<{ h: string }>(
        `select encode(sha256(convert_to(jsonb_build_object('user_id', user_id, 'id', id, 'name', name, 'type', type, 'date', date)::text, 'UTF8')), 'hex') as h
         from public.documents where user_id = $1 and id = $2`,
        [me.id, pendingDoc.id],
      );
      expect(evidence?.document_sha256).toBe(expectedHash.rows[0]?.h);
      expect(evidence?.signed_at).toBeInstanceOf(Date);
      const status = await tx.query('select status from public.documents where user_id = $1 and id = $2', [
        me.id,
        pendingDoc.id,
      ]);
      expect(status.rows).toEqual([{ status: 'Signed' }]);

      await become(tx, me);
      const second = await tx.query<Record<string, unknown>>(signDocument, [pendingDoc.id]);
      expect(second.rows).toEqual(first.rows);
      expect(await eventsOf(tx, me)).toEqual([
        {
          action: 'document.signed',
          subject_id: pendingDoc.id,
          details: { document_sha256: evidence?.document_sha256, signature_id: evidence?.id },
        },
      ]);

      // The other member's copy of the same document is untouched.
      const other = await tx.query('select status from public.documents where user_id = $1 and id = $2', [
        callers.investorB.id,
        pendingDoc.id,
      ]);
      expect(other.rows).toEqual([{ status: 'Pending' }]);
    });
  });

  it('refuses a document that is not pending, unknown, or another member’s, and records nothing', async () => {
    const me = callers.investorB;
    await asActor(db, me, async (tx) => {
      const cases: [unknown[], { code: string; message: string }][] = [
        [[signedDoc.id], actionErrors.documentNotPending],
        [[availableDoc.id], actionErrors.documentNotPending],
        [['doc-nope'], actionErrors.noSuchDocument],
        [[''], actionErrors.documentIdRequired],
        [[null], actionErrors.documentIdRequired],
      ];
      for (const [params, error] of cases) {
        expect(await tryQuery(tx, signDocument, params), JSON.stringify(params)).toMatchObject({ ok: false, ...error });
      }
      expect(await eventsOf(tx, me)).toEqual([]);
    });
    // A document id only another member holds answers as unknown, and their copy is untouched.
    await asActor(db, callers.investorA, async (tx) => {
      await tx.exec('reset role');
      await tx.query('delete from public.documents where user_id = $1 and id = $2', [
        callers.investorB.id,
        pendingDoc.id,
      ]);
      await become(tx, callers.investorB);
      expect(await tryQuery(tx, signDocument, [pendingDoc.id])).toMatchObject({
        ok: false,
        ...actionErrors.noSuchDocument,
      });
      await tx.exec('reset role');
      const mine = await tx.query('select status from public.documents where user_id = $1 and id = $2', [
        callers.investorA.id,
        pendingDoc.id,
      ]);
      expect(mine.rows).toEqual([{ status: 'Pending' }]);
    });
  });
});

describe('who reads the evidence', () => {
  it('the member their own; compliance, mfo_admin and the admin flag every one; nobody writes', async () => {
    await asActor(db, callers.investorA, async (tx) => {
      await tx.query(signAgreement, [currentAgreement.version, currentAgreement.sha256]);
      await tx.query(signDocument, [pendingDoc.id]);
      for (const name of callerNames) {
        await become(tx, whoIs(callers, name));
        for (const table of ['agreement_signatures', 'document_signatures']) {
          const read = await tryQuery(tx, `select id from public.${table} where member_id = $1`, [
            callers.investorA.id,
          ]);
          const sees = ['investorA', 'compliance', 'mfo_admin', 'adminFlag', 'service_role'].includes(name);
          if (name === 'anon') expect(read, `${name} ${table}`).toMatchObject({ ok: false, code: '42501' });
          else expect(read, `${name} ${table}`).toMatchObject({ ok: true, value: { rows: { length: sees ? 1 : 0 } } });
          for (const sql of [`update public.${table} set signed_at = now()`, `delete from public.${table}`]) {
            expect(await tryQuery(tx, sql), `${name}: ${sql}`).toMatchObject({ ok: false, code: '42501' });
          }
        }
      }
    });
  });
});
