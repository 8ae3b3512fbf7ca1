import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { MemfsFrontendFS, type StorageBackend, type StorageEntry } from '@electric-sql/pglite/memfs-frontend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDb } from '../tests/db';
import type { Host } from './index.ts';
import { tarBytes, untar } from './tar.ts';
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

/** A storage backend that only lists `entries`, as the browser worker's lists the stored image. */
function listing(entries: StorageEntry[]): StorageBackend {
  return {
    init: async () => undefined,
    load: async function* () {
      yield* entries;
    },
    apply: async () => undefined,
    close: async () => undefined,
  };
}

describe('the image leaves out the WAL written before it (image.ts)', () => {
  it('holds one segment, not the one in use before the copy, and that segment is all but empty', async () => {
    await signIn(host, 'before-the-switch@host.test');
    const { rows } = await db.query<{ name: string }>('select pg_walfile_name(pg_current_wal_lsn()) as name');
    const before = rows[0]?.name;
    const { serviceRoleKey } = await host.keys();
    const entries = [...untar(await tarBytes(await (await fetchImage(serviceRoleKey)).blob()))];
    const segments = entries.filter((e) => /^\/pg_wal\/[0-9A-F]{24}$/.test(e.path));
    expect(segments.map((e) => e.path)).toHaveLength(1);
    expect(segments[0]?.path).not.toBe(`/pg_wal/${before}`);
    const data = segments[0]?.kind === 'file' ? segments[0].data : new Uint8Array();
    const used = data.reduce((count, byte) => count + (byte === 0 ? 0 : 1), 0);
    expect(used).toBeLessThan(64 * 1024);
    const { rows: after } = await db.query<{ setting: string }>("select current_setting('wal_recycle') as setting");
    expect(after[0]?.setting).toBe('on');
  });
});

describe("the browser worker's reading of an image (mocks/worker/tar.ts)", () => {
  it('lists every directory before what it holds, and a database opened from the listing holds what was written', async () => {
    const written = await signIn(host, 'read-by-the-worker@host.test');
    const { serviceRoleKey } = await host.keys();
    const entries = [...untar(await tarBytes(await (await fetchImage(serviceRoleKey)).blob()))];
    const dirs = new Set(entries.filter((e) => e.kind === 'dir').map((e) => e.path));
    for (const entry of entries) {
      const parent = entry.path.slice(0, entry.path.lastIndexOf('/'));
      expect(parent === '' || dirs.has(parent), `${entry.path} after its directory`).toBe(true);
    }
    const version = entries.find((e) => e.path === '/PG_VERSION');
    expect(version?.kind === 'file' ? new TextDecoder().decode(version.data).trim() : null).toMatch(/^\d+$/);
    const wal = entries.find((e) => e.path.startsWith('/pg_wal/0'));
    expect(wal?.kind === 'file' ? wal.data.length : 0).toBe(16 * 1024 * 1024);

    const copy = await PGlite.create({ fs: new MemfsFrontendFS(listing(entries)), extensions: { pgcrypto } });
    try {
      const { rows } = await copy.query<{ email: string }>('select email from auth.users where id = $1', [written.id]);
      expect(rows).toEqual([{ email: 'read-by-the-worker@host.test' }]);
    } finally {
      await copy.close();
    }
  });
});
