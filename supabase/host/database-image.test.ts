import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDb } from '../tests/db';
import type { Host } from './index.ts';
import { BASE, signIn, testHost } from './testing.ts';

/**
 * `GET /embedded/v1/database` answers the whole database as a PGlite data directory, which the
 * e2e journeys' saved states start their browser's backend from: the service role's only.
 */

let db: PGlite;
let host: Host;

beforeAll(async () => {
  db = await seededDb();
  host = testHost(db);
});

afterAll(async () => {
  await db.close();
});

async function fetchImage(token: string): Promise<Response> {
  const { anonKey } = await host.keys();
  return host.fetch(
    new Request(`${BASE}/embedded/v1/database`, { headers: { apikey: anonKey, Authorization: `Bearer ${token}` } }),
  );
}

describe('GET /embedded/v1/database', () => {
  it('refuses anon and a signed-in member', async () => {
    const { anonKey } = await host.keys();
    expect((await fetchImage(anonKey)).status).toBe(403);
    const member = await signIn(host, 'image-reader@host.test');
    expect((await fetchImage(member.token)).status).toBe(403);
  });

  it('answers the service role a copy that starts with what was written before it', async () => {
    const written = await signIn(host, 'before-the-copy@host.test');
    const { serviceRoleKey } = await host.keys();
    const answer = await fetchImage(serviceRoleKey);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/gzip');
    const copy = await PGlite.create({ loadDataDir: await answer.blob(), extensions: { pgcrypto } });
    try {
      const { rows } = await copy.query<{ email: string }>('select email from auth.users where id = $1', [written.id]);
      expect(rows).toEqual([{ email: 'before-the-copy@host.test' }]);
    } finally {
      await copy.close();
    }
  });
});
