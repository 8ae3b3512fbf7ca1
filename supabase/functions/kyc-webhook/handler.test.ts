import { createHmac } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, seededDb } from '../../tests/db';
import { PostgrestError } from '../_shared/postgrest';
import { asServiceRole, collectingLogger, hangUntilAborted, type LogLine } from '../_shared/testing/fakes';
import {
  handleKycWebhook,
  type KycResultInput,
  type KycWebhookDeps,
  type KycWebhookStore,
  kycEventMaxAgeMs,
} from './handler';

/**
 * The kyc-webhook handler under Node, with Sumsub's events signed in the test exactly as
 * Sumsub's documentation describes: X-Payload-Digest is the hex HMAC (SHA-256 by default, named
 * in X-Payload-Digest-Alg) of the raw body with the webhook's secret key.
 */

const secret = 'sumsub-webhook-secret-for-tests';
const now = Date.UTC(2026, 10, 24, 12, 0, 0);
const memberId = '7a0c3c2e-5a43-4f5e-9d7e-2f1d1f0b9a11';

function reviewed(
  overrides: Record<string, unknown> = {},
  review: Record<string, unknown> = { reviewAnswer: 'GREEN' },
) {
  return {
    applicantId: '5cb56e8e0a975a35f333cb83',
    inspectionId: '5cb56e8e0a975a35f333cb84',
    correlationId: 'req-a260b669-4f14-4bb5-a4c5-ac0218acb9a4',
    externalUserId: memberId,
    levelName: 'basic-kyc-level',
    type: 'applicantReviewed',
    reviewResult: review,
    reviewStatus: 'completed',
    createdAtMs: now - 60_000,
    ...overrides,
  };
}

function signed(
  payload: unknown,
  options: { key?: string; alg?: 'HMAC_SHA256_HEX' | 'HMAC_SHA512_HEX' | 'HMAC_SHA1_HEX'; tamper?: boolean } = {},
): Request {
  const raw = JSON.stringify(payload);
  const alg = options.alg ?? 'HMAC_SHA256_HEX';
  const hash = alg === 'HMAC_SHA512_HEX' ? 'sha512' : alg === 'HMAC_SHA1_HEX' ? 'sha1' : 'sha256';
  const digest = createHmac(hash, options.key ?? secret)
    .update(raw)
    .digest('hex');
  return new Request('http://localhost/functions/v1/kyc-webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-payload-digest': digest, 'x-payload-digest-alg': alg },
    body: options.tamper ? raw.replace('GREEN', 'RED') : raw,
  });
}

/** Stands in for apply_kyc_result: records every call, applies each event id once (as the SQL does). */
function idempotentStore(): KycWebhookStore & { calls: KycResultInput[]; applied: Map<string, KycResultInput> } {
  const store = {
    calls: [] as KycResultInput[],
    applied: new Map<string, KycResultInput>(),
    async applyKycResult(input: KycResultInput) {
      store.calls.push(input);
      if (!store.applied.has(input.eventId)) store.applied.set(input.eventId, input);
    },
  };
  return store;
}

function deps(overrides: Partial<KycWebhookDeps> = {}, lines: LogLine[] = []): KycWebhookDeps {
  return {
    logger: collectingLogger(lines),
    serverTimeoutMs: 100,
    now: () => now,
    secret,
    store: idempotentStore(),
    ...overrides,
  };
}

describe('the kyc-webhook handler', () => {
  it('applies a GREEN review signed as Sumsub documents (HMAC_SHA256_HEX) as approved', async () => {
    const store = idempotentStore();
    const response = await handleKycWebhook(signed(reviewed()), deps({ store }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(store.calls).toEqual([
      {
        memberId,
        result: 'approved',
        reason: null,
        eventId: `sumsub:5cb56e8e0a975a35f333cb83:applicantReviewed:${now - 60_000}`,
        occurredAt: new Date(now - 60_000).toISOString(),
      },
    ]);
  });

  it('accepts the HMAC_SHA512_HEX digest too, and refuses SHA-1', async () => {
    const store = idempotentStore();
    expect((await handleKycWebhook(signed(reviewed(), { alg: 'HMAC_SHA512_HEX' }), deps({ store }))).status).toBe(200);
    expect((await handleKycWebhook(signed(reviewed(), { alg: 'HMAC_SHA1_HEX' }), deps({ store }))).status).toBe(401);
    expect(store.calls).toHaveLength(1);
  });

  it('maps RED FINAL to rejected and RED RETRY to resubmission_requested, with the applicant-facing comment', async () => {
    const store = idempotentStore();
    const red = (type: string) => ({
      reviewAnswer: 'RED',
      reviewRejectType: type,
      rejectLabels: ['UNSATISFACTORY_PHOTOS'],
      moderationComment: 'We do not accept screenshots.',
      clientComment: 'internal note, never shown',
    });
    await handleKycWebhook(signed(reviewed({ createdAtMs: now - 1000 }, red('FINAL'))), deps({ store }));
    await handleKycWebhook(signed(reviewed({ createdAtMs: now - 2000 }, red('RETRY'))), deps({ store }));
    await handleKycWebhook(
      signed(
        reviewed(
          { createdAtMs: now - 3000 },
          { reviewAnswer: 'RED', reviewRejectType: 'RETRY', rejectLabels: ['BAD_SELFIE'] },
        ),
      ),
      deps({ store }),
    );
    expect(store.calls.map((c) => [c.result, c.reason])).toEqual([
      ['rejected', 'We do not accept screenshots.'],
      ['resubmission_requested', 'We do not accept screenshots.'],
      ['resubmission_requested', 'BAD_SELFIE'],
    ]);
  });

  it.each([
    ['another secret', (p: unknown) => signed(p, { key: 'not-the-secret' })],
    ['a body changed after signing', (p: unknown) => signed(p, { tamper: true })],
    ['no digest', (p: unknown) => new Request('http://localhost/', { method: 'POST', body: JSON.stringify(p) })],
    [
      'a digest that is not hex',
      (p: unknown) =>
        new Request('http://localhost/', {
          method: 'POST',
          headers: { 'x-payload-digest': 'zz-not-hex' },
          body: JSON.stringify(p),
        }),
    ],
  ])('refuses %s with 401 and changes nothing', async (_name, make) => {
    const store = idempotentStore();
    const response = await handleKycWebhook(make(reviewed()), deps({ store }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ received: false, error: 'Invalid signature' });
    expect(store.calls).toEqual([]);
  });

  it('refuses a correctly signed but stale event (createdAtMs older than the retry window) and changes nothing', async () => {
    const store = idempotentStore();
    const stale = await handleKycWebhook(
      signed(reviewed({ createdAtMs: now - kycEventMaxAgeMs - 1 })),
      deps({ store }),
    );
    expect(stale.status).toBe(401);
    expect(await stale.json()).toEqual({ received: false, error: 'The event is too old' });
    const future = await handleKycWebhook(signed(reviewed({ createdAtMs: now + 60 * 60 * 1000 })), deps({ store }));
    expect(future.status).toBe(401);
    expect(store.calls).toEqual([]);
    // Sumsub's last retry, 18 hours later, still goes through.
    const retried = await handleKycWebhook(
      signed(reviewed({ createdAtMs: now - 18 * 60 * 60 * 1000 })),
      deps({ store }),
    );
    expect(retried.status).toBe(200);
  });

  it('reads createdAt when createdAtMs is absent, and refuses an event with no time', async () => {
    const store = idempotentStore();
    const old = reviewed({ createdAtMs: undefined, createdAt: '2026-11-22 10:00:00+0000' });
    expect((await handleKycWebhook(signed(old), deps({ store }))).status).toBe(401);
    const fresh = reviewed({ createdAtMs: undefined, createdAt: '2026-11-24 11:59:00+0000' });
    expect((await handleKycWebhook(signed(fresh), deps({ store }))).status).toBe(200);
    expect((await handleKycWebhook(signed(reviewed({ createdAtMs: undefined })), deps({ store }))).status).toBe(400);
    expect(store.calls).toHaveLength(1);
  });

  it('answers a replayed event 200 and applies it once (idempotent per event id)', async () => {
    const store = idempotentStore();
    const payload = reviewed();
    const first = await handleKycWebhook(signed(payload), deps({ store }));
    const again = await handleKycWebhook(signed(payload), deps({ store }));
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(store.calls).toHaveLength(2);
    expect(store.calls[0]?.eventId).toBe(store.calls[1]?.eventId);
    expect(store.applied.size).toBe(1);
  });

  it('answers 504 when the database hangs, and 422 when the SQL refuses the event', async () => {
    const lines: LogLine[] = [];
    const hung: KycWebhookStore = { applyKycResult: (_input, signal) => hangUntilAborted(signal) };
    const started = Date.now();
    const timedOut = await handleKycWebhook(signed(reviewed()), deps({ store: hung }, lines));
    expect(timedOut.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', message: 'refused: serverTimeout' }));

    const refusing: KycWebhookStore = {
      applyKycResult: async () => {
        throw new PostgrestError(400, 'P0001', 'unknown member');
      },
    };
    const refused = await handleKycWebhook(signed(reviewed()), deps({ store: refusing }));
    expect(refused.status).toBe(422);
    const broken: KycWebhookStore = {
      applyKycResult: async () => {
        throw new Error('connection refused at 10.0.0.1');
      },
    };
    const failed = await handleKycWebhook(signed(reviewed()), deps({ store: broken }));
    expect(failed.status).toBe(500);
    expect(await failed.text()).not.toContain('10.0.0.1');
  });

  it('acknowledges other event types and events it cannot map without applying them', async () => {
    const lines: LogLine[] = [];
    const store = idempotentStore();
    const pending = await handleKycWebhook(signed(reviewed({ type: 'applicantPending' })), deps({ store }, lines));
    expect(await pending.json()).toEqual({ received: true, ignored: true });
    const stranger = await handleKycWebhook(
      signed(reviewed({ externalUserId: 'someone-else' })),
      deps({ store }, lines),
    );
    expect(await stranger.json()).toEqual({ received: true, ignored: true });
    expect(store.calls).toEqual([]);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', message: 'kyc event ignored' }));
  });

  it('refuses other methods and bodies over the limit', async () => {
    expect((await handleKycWebhook(new Request('http://localhost/', { method: 'GET' }), deps())).status).toBe(405);
    const big = new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-length': String(1_000_000) },
      body: '{}',
    });
    expect((await handleKycWebhook(big, deps())).status).toBe(413);
  });
});

describe('the kyc-webhook handler against apply_kyc_result on PGlite', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await seededDb();
  });
  afterAll(async () => {
    await db?.close();
  });

  const sqlStore: KycWebhookStore = {
    applyKycResult: (input) =>
      asServiceRole(db, async (tx) => {
        await tx.query('select public.apply_kyc_result($1, $2, $3, $4, $5)', [
          input.memberId,
          input.result,
          input.reason,
          input.eventId,
          input.occurredAt,
        ]);
      }),
  };

  it('approves the member under review once, however often Sumsub delivers the event', async () => {
    const member = await createUser(db);
    await db.query(`update public.profiles set kyc_status = 'pending' where id = $1`, [member.id]);
    const payload = reviewed({ externalUserId: member.id });
    for (let i = 0; i < 2; i++) {
      expect((await handleKycWebhook(signed(payload), deps({ store: sqlStore }))).status).toBe(200);
    }
    const { rows } = await db.query<{ kyc_status: string; events: number }>(
      `select p.kyc_status,
              (select count(*)::int from public.audit_events e where e.member_id = p.id and e.action = 'kyc.approved') as events
       from public.profiles p where p.id = $1`,
      [member.id],
    );
    expect(rows[0]).toEqual({ kyc_status: 'approved', events: 1 });
  });

  it('records and ignores an older verdict delivered after a newer one', async () => {
    const member = await createUser(db);
    await db.query(`update public.profiles set kyc_status = 'pending' where id = $1`, [member.id]);
    const later = reviewed({
      externalUserId: member.id,
      createdAtMs: now - 30_000,
      reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'RETRY', moderationComment: 'Blurred.' },
    });
    const earlier = reviewed({ externalUserId: member.id, createdAtMs: now - 90_000 });
    expect((await handleKycWebhook(signed(later), deps({ store: sqlStore }))).status).toBe(200);
    await db.query(`update public.profiles set kyc_status = 'pending' where id = $1`, [member.id]);
    expect((await handleKycWebhook(signed(earlier), deps({ store: sqlStore }))).status).toBe(200);
    const { rows } = await db.query<{ kyc_status: string; actions: string[] }>(
      `select p.kyc_status,
              (select array_agg(e.action order by e.id) from public.audit_events e where e.member_id = p.id) as actions
       from public.profiles p where p.id = $1`,
      [member.id],
    );
    expect(rows[0]).toEqual({ kyc_status: 'pending', actions: ['kyc.resubmission_requested', 'kyc.result_ignored'] });
  });

  it('changes nothing for a forged event, and answers 422 for an unknown member', async () => {
    const member = await createUser(db);
    const forged = await handleKycWebhook(
      signed(reviewed({ externalUserId: member.id }), { key: 'forged' }),
      deps({ store: sqlStore }),
    );
    expect(forged.status).toBe(401);
    const unknown = await handleKycWebhook(
      signed(reviewed({ externalUserId: crypto.randomUUID() })),
      deps({ store: sqlStore }),
    );
    expect(unknown.status).toBe(422);
    const { rows } = await db.query<{ kyc_status: string }>('select kyc_status from public.profiles where id = $1', [
      member.id,
    ]);
    expect(rows[0]?.kyc_status).toBe('not_started');
  });
});
