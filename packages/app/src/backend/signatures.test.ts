import type { SupabaseClient } from '@supabase/supabase-js';
import { actionErrors, currentAgreement, demoEmail, documentSha256, sampleMemberRows } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_DEMO_PASSWORD } from '../../../../supabase/host/localAccounts.ts';
import { type LocalBackend, startLocalBackend, testClient } from '../test-support/localBackend';

/**
 * sign_agreement and sign_document through supabase-js, as the app calls them: a second call
 * returns the first evidence and records nothing new, the hash is the domain's, and a signed
 * document reads 'Signed' from its evidence on the next read (what a reload asks).
 */

const pending = sampleMemberRows.documents.find((d) => d.status === 'Pending');
if (!pending) throw new Error('the sample documents have no pending one');

async function signedIn(email: string, password = 'any'): Promise<{ client: SupabaseClient; id: string }> {
  const client = testClient();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw new Error(`sign-in failed: ${error?.message}`);
  return { client, id: data.session.user.id };
}

let local: LocalBackend;
beforeAll(async () => {
  local = await startLocalBackend();
});
afterAll(() => local.close());

/** The audit events recorded about a member: action, member, subject. */
async function eventsOf(memberId: string): Promise<string[][]> {
  const rows = await local.rows<{ action: string; member_id: string; subject_id: string }>(
    'select action, member_id::text, subject_id from public.audit_events where member_id = $1 order by id',
    [memberId],
  );
  return rows.map((e) => [e.action, e.member_id, e.subject_id]);
}

describe('sign_document on the embedded backend', () => {
  it('keeps the evidence once, with the domain’s hash, records document.signed once, and the read says Signed', async () => {
    const a = await signedIn('signer.a@example.test');
    const b = await signedIn('signer.b@example.test');
    const first = await a.client.rpc('sign_document', { document_id: pending.id });
    const second = await a.client.rpc('sign_document', { document_id: pending.id });
    expect(first.error).toBeNull();
    expect(second.data).toEqual(first.data);
    expect(first.data).toMatchObject({
      member_id: a.id,
      document_id: pending.id,
      signer_email: 'signer.a@example.test',
      document_sha256: documentSha256({ ...pending, user_id: a.id }),
    });

    expect(await eventsOf(a.id)).toEqual([['document.signed', a.id, pending.id]]);

    const mine = await a.client.from('documents').select('*').eq('id', pending.id);
    expect(mine.data).toEqual([expect.objectContaining({ user_id: a.id, status: 'Signed' })]);
    // The other member's copy of the same document still waits.
    const theirs = await b.client.from('documents').select('*').eq('id', pending.id);
    expect(theirs.data).toEqual([expect.objectContaining({ user_id: b.id, status: 'Pending' })]);
    // And the evidence is the signer's to read, not the other member's.
    expect((await b.client.from('document_signatures').select('*')).data).toEqual([]);
    expect((await a.client.from('document_signatures').select('*')).data).toHaveLength(1);
  });

  it('refuses a document already signed before (the sample Signed one, the demo investor’s) and records nothing', async () => {
    // A new member holds only the agreement to sign; the sample history, signed forms included, is
    // the demo investor's.
    const a = await signedIn(demoEmail('investor'), LOCAL_DEMO_PASSWORD);
    const signed = sampleMemberRows.documents.find((d) => d.status === 'Signed');
    const before = await eventsOf(a.id);
    const { error } = await a.client.rpc('sign_document', { document_id: signed?.id });
    expect(error).toMatchObject(actionErrors.documentNotPending);
    expect(await eventsOf(a.id)).toEqual(before);
    // A new member has no such document at all.
    const c = await signedIn('signer.c@example.test');
    expect((await c.client.rpc('sign_document', { document_id: signed?.id })).error).toMatchObject(
      actionErrors.noSuchDocument,
    );
    expect(await eventsOf(c.id)).toEqual([]);
  });
});

describe('sign_agreement on the embedded backend', () => {
  it('returns the first signature on a second call and records agreement.signed once', async () => {
    const a = await signedIn('signer.d@example.test');
    const args = { version: currentAgreement.version, document_sha256: currentAgreement.sha256 };
    const first = await a.client.rpc('sign_agreement', args);
    const second = await a.client.rpc('sign_agreement', args);
    expect(first.error).toBeNull();
    expect(second.data).toEqual(first.data);
    expect(await eventsOf(a.id)).toEqual([['agreement.signed', a.id, currentAgreement.version]]);
    const read = await a.client
      .from('agreement_signatures')
      .select('*')
      .eq('member_id', a.id)
      .eq('version', currentAgreement.version);
    expect(read.data).toEqual([first.data]);
  });
});
