import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import {
  applyMigrations,
  applySeed,
  freshShimDb,
  migrationFiles,
  readSql,
  supabaseDir,
} from '../../../supabase/tests/pglite';

/**
 * The embedded backend's database image: supabase/tests/shim.sql (what a Supabase project
 * provides), every migration and the seed, applied in Node PGlite at build time and shipped as a
 * PGlite data directory (gzip tarball), so the browser starts from it instead of replaying the
 * migrations. Its file name carries the hash of everything that went into it, and the browser
 * keeps its copy of the database under that hash: a new image starts a new database.
 */

const VIRTUAL_ID = 'virtual:vault-database-image';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

export interface EmbeddedAccounts {
  /** The demo accounts' password in the embedded backend (the seed gives them a random one). */
  demoPassword: string;
  /** The admin pair: an mfo_admin with the admin flag. */
  admin: { email: string; password: string };
}

/** What the embedded backend adds to the seed: passwords it publishes, which no real project has. */
function accountsSql(accounts: EmbeddedAccounts): string {
  const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
  return `
select public.vault_set_demo_password(${literal(accounts.demoPassword)});
insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values (gen_random_uuid(), 'authenticated', 'authenticated', ${literal(accounts.admin.email)},
  extensions.crypt(${literal(accounts.admin.password)}, extensions.gen_salt('bf', 10)), now(),
  '{"provider":"email","providers":["email"],"role":"mfo_admin","is_admin":true}'::jsonb,
  '{"name":"Admin"}'::jsonb, now(), now())
on conflict do nothing;
`;
}

function pgliteVersion(): string {
  const manifest = join(supabaseDir, '..', 'node_modules', '@electric-sql', 'pglite', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The hash of every input: PGlite's version, the shim, each migration, the seed, the accounts. */
function imageHash(extraSql: string): string {
  const hash = createHash('sha256').update(pgliteVersion());
  hash.update(readSql(join(supabaseDir, 'tests', 'shim.sql')));
  for (const file of migrationFiles()) hash.update(file).update(readSql(join(supabaseDir, 'migrations', file)));
  hash.update(readSql(join(supabaseDir, 'seed.sql'))).update(extraSql);
  return hash.digest('hex').slice(0, 16);
}

async function buildImage(extraSql: string): Promise<Uint8Array> {
  const db = await freshShimDb();
  try {
    await applyMigrations(db);
    await applySeed(db);
    await db.exec(extraSql);
    // Written out now, so the browser's first start does not replay the WAL.
    await db.exec('checkpoint');
    return new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await db.close();
  }
}

/** The image for these accounts, from node_modules/.cache when its inputs have not changed. */
export async function databaseImage(accounts: EmbeddedAccounts): Promise<{ hash: string; bytes: Uint8Array }> {
  const extraSql = accountsSql(accounts);
  const hash = imageHash(extraSql);
  const cacheDir = join(supabaseDir, '..', 'node_modules', '.cache', 'vault-database-image');
  const cached = join(cacheDir, `${hash}.tar.gz`);
  if (existsSync(cached)) return { hash, bytes: readFileSync(cached) };
  const bytes = await buildImage(extraSql);
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${cached}.${process.pid}`;
  writeFileSync(partial, bytes);
  renameSync(partial, cached);
  return { hash, bytes };
}

/**
 * Serves the image (dev) or emits it (build) as `/assets/vault-database-<hash>.tar.gz`, and
 * answers `import { databaseImage } from 'virtual:vault-database-image'` with its URL and hash.
 * Only mock builds import the module, so a real build neither builds nor ships the image.
 */
export function databaseImagePlugin(accounts: EmbeddedAccounts): Plugin {
  let image: Promise<{ hash: string; bytes: Uint8Array }> | null = null;
  const load = () => {
    image ??= databaseImage(accounts);
    return image;
  };
  const fileName = (hash: string) => `assets/vault-database-${hash}.tar.gz`;
  return {
    name: 'vault:database-image',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : null;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return null;
      const { hash, bytes } = await load();
      if (this.meta.watchMode === false || this.environment?.mode === 'build') {
        this.emitFile({ type: 'asset', fileName: fileName(hash), source: bytes });
      }
      return `export const databaseImage = { url: ${JSON.stringify(`/${fileName(hash)}`)}, version: ${JSON.stringify(hash)} };`;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split('?', 1)[0] ?? '';
        if (!/^\/assets\/vault-database-[0-9a-f]+\.tar\.gz$/.test(path)) return next();
        void load().then(({ hash, bytes }) => {
          if (path !== `/${fileName(hash)}`) return next();
          response.setHeader('Content-Type', 'application/gzip');
          response.end(bytes);
        }, next);
      });
    },
  };
}
