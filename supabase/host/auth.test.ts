import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDb, setDemoMode } from '../tests/db';
import type { Host } from './index.ts';
import { LOCAL_ADMIN_PAIR, LOCAL_DEMO_PASSWORD, localFixedAccounts } from './localAccounts.ts';
import { call, signIn, testHost } from './testing.ts';

/** The host's Auth: accounts in auth.users of the same database, sessions and rotating refresh tokens. */

let db: PGlite;
let host: Host;

beforeAll(async () => {
  db = await seededDb();
  host = testHost(db, { auth: { openSignIn: true, fixedAccounts: localFixedAccounts(), passwordCost: 4 } });
});

afterAll(async () => {
  await db.close();
});

async function profileOf(id: string): Promise<Record<string, unknown> | undefined> {
  return (
    await db.query<Record<string, unknown>>('select id::text, name, kyc_status from public.profiles where id = $1', [
      id,
    ])
  ).rows[0];
}

describe('sign-up and sign-in', () => {
  it('refuses an email longer than auth.users holds (255) with a 400, as Supabase Auth does, for sign-up and open sign-in', async () => {
    const email = `${'x'.repeat(250)}@example.eu`;
    for (const path of ['/auth/v1/signup', '/auth/v1/token?grant_type=password']) {
      const answer = await call(host, path, { body: { email, password: 'secret-1' } });
      expect(answer, path).toMatchObject({
        status: 400,
        body: { error_code: 'validation_failed', msg: 'An email address is too long' },
      });
    }
    const atLimit = `${'y'.repeat(255 - '@example.eu'.length)}@example.eu`;
    expect(
      (await call(host, '/auth/v1/token?grant_type=password', { body: { email: atLimit, password: 'secret-1' } }))
        .status,
    ).toBe(200);
  });

  it('sign-up writes auth.users, the new-user trigger makes the profile, and the answer is a session', async () => {
    const answer = await call(host, '/auth/v1/signup', {
      body: { email: 'New.Member@Host.test', password: 'secret-1', data: { name: 'New Member' } },
    });
    expect(answer.status).toBe(200);
    const session = answer.body as { access_token: string; refresh_token: string; user: { id: string; email: string } };
    expect(session.user.email).toBe('new.member@host.test');
    expect(await profileOf(session.user.id)).toMatchObject({ name: 'New Member', kyc_status: 'not_started' });
    expect(
      await call(host, '/auth/v1/signup', { body: { email: 'new.member@host.test', password: 'secret-2' } }),
    ).toMatchObject({
      status: 422,
      body: { code: 422, error_code: 'user_already_exists', msg: 'User already registered' },
    });
    expect(await call(host, '/auth/v1/signup', { body: { email: 'short@host.test', password: '123' } })).toMatchObject({
      status: 422,
      body: { error_code: 'weak_password' },
    });
    // The password is checked against its hash; a wrong one is refused.
    expect((await signIn(host, 'new.member@host.test', 'secret-1')).id).toBe(session.user.id);
    expect(
      await call(host, '/auth/v1/token?grant_type=password', {
        body: { email: 'new.member@host.test', password: 'nope' },
      }),
    ).toMatchObject({ status: 400, body: { error_code: 'invalid_credentials', msg: 'Invalid login credentials' } });
  });

  it('open sign-in makes an investor on first sign-in, with the same id every time', async () => {
    const first = await signIn(host, 'Open@host.test', 'whatever');
    const second = await signIn(host, 'open@host.test', 'something else');
    expect(second.id).toBe(first.id);
    const user = (await call(host, '/auth/v1/user', { token: first.token })).body as {
      app_metadata: Record<string, unknown>;
    };
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(await profileOf(first.id)).toMatchObject({ kyc_status: 'not_started' });
  });

  it('the admin pair signs in as mfo_admin with the admin flag; the demo accounts of the seed with the local password', async () => {
    const admin = await signIn(host, LOCAL_ADMIN_PAIR.email, LOCAL_ADMIN_PAIR.password);
    const user = (await call(host, '/auth/v1/user', { token: admin.token })).body as {
      app_metadata: Record<string, unknown>;
    };
    expect(user.app_metadata).toMatchObject({ role: 'mfo_admin', is_admin: true });
    const role = await call(host, '/rest/v1/rpc/vault_is_admin', { token: admin.token, body: {} });
    expect(role).toMatchObject({ status: 200, body: true });
    expect(
      await call(host, '/auth/v1/token?grant_type=password', {
        body: { email: LOCAL_ADMIN_PAIR.email, password: 'wrong' },
      }),
    ).toMatchObject({ status: 400, body: { error_code: 'invalid_credentials' } });

    const demo = await signIn(host, 'demo.compliance@vault.example', LOCAL_DEMO_PASSWORD);
    expect(demo.id).toBe('00000000-0000-4000-8000-000000000006');
    expect(
      await call(host, '/auth/v1/token?grant_type=password', {
        body: { email: 'demo.compliance@vault.example', password: 'any-other' },
      }),
    ).toMatchObject({ status: 400, body: { error_code: 'invalid_credentials' } });
  });

  it('with demo mode off the demo accounts are banned (the SQL’s trigger), and Auth refuses them', async () => {
    await setDemoMode(db, false);
    try {
      expect(
        await call(host, '/auth/v1/token?grant_type=password', {
          body: { email: 'demo.investor@vault.example', password: LOCAL_DEMO_PASSWORD },
        }),
      ).toMatchObject({ status: 400, body: { error_code: 'user_banned' } });
    } finally {
      await setDemoMode(db, true);
    }
  });

  it('the access token carries the claims Supabase Auth puts in it', async () => {
    const { token, id } = await signIn(host, 'claims@host.test');
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(payload).toMatchObject({
      sub: id,
      role: 'authenticated',
      aud: 'authenticated',
      iss: 'http://host.test/mock-supabase/auth/v1',
      email: 'claims@host.test',
      app_metadata: { provider: 'email' },
    });
    expect(typeof payload.session_id).toBe('string');
  });
});

describe('refresh and sign-out', () => {
  it('a refresh token rotates; the used one answers its successor briefly, then is refused', async () => {
    const session = await signIn(host, 'refresh@host.test');
    const refreshed = await call(host, '/auth/v1/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh },
    });
    expect(refreshed.status).toBe(200);
    const next = (refreshed.body as { refresh_token: string }).refresh_token;
    expect(next).not.toBe(session.refresh);
    // Two tabs refreshing at once: the second gets the same new token.
    const raced = await call(host, '/auth/v1/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh },
    });
    expect((raced.body as { refresh_token: string }).refresh_token).toBe(next);
    await db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [
      session.refresh,
    ]);
    expect(
      await call(host, '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: session.refresh } }),
    ).toMatchObject({ status: 400, body: { error_code: 'refresh_token_already_used' } });
    expect(
      await call(host, '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: 'unknown' } }),
    ).toMatchObject({ status: 400, body: { error_code: 'refresh_token_not_found' } });
  });

  it('sign-out ends the session: the user endpoint and the refresh token refuse it', async () => {
    const session = await signIn(host, 'logout@host.test');
    expect(await call(host, '/auth/v1/user', { token: session.token })).toMatchObject({
      status: 200,
      body: { id: session.id, email: 'logout@host.test' },
    });
    expect((await call(host, '/auth/v1/logout?scope=global', { method: 'POST', token: session.token })).status).toBe(
      204,
    );
    expect(await call(host, '/auth/v1/user', { token: session.token })).toMatchObject({
      status: 403,
      body: { error_code: 'session_not_found' },
    });
    expect(
      await call(host, '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: session.refresh } }),
    ).toMatchObject({ status: 400, body: { error_code: 'refresh_token_not_found' } });
  });

  it('a bad token is refused by the user endpoint', async () => {
    expect(await call(host, '/auth/v1/user', { token: 'not.a.jwt' })).toMatchObject({
      status: 403,
      body: { error_code: 'bad_jwt' },
    });
  });
});
