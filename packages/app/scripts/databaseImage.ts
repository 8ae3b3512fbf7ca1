import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Plugin } from 'vite';
import { cachedDumps, loadDb, supabaseDir } from '../../../supabase/host/database.ts';
import { dataDirectoryImage } from '../../../supabase/host/image.ts';

/**
 * The embedded backend's database image: supabase/tests/shim.sql (what a Supabase project
 * provides), every migration and the seed, applied in Node PGlite at build time (the same cached
 * dump the database tests and the local host start from) and shipped as a PGlite data directory
 * (gzip tarball), so the browser starts from it instead of replaying the migrations. Its file name
 * carries the hash of everything that went into it, and the browser keeps its copy of the
 * database under that hash: a new image starts a new database.
 */

const VIRTUAL_ID = 'virtual:vault-database-image';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** The image, from node_modules/.cache when its inputs have not changed. */
async function databaseImage(): Promise<{ hash: string; bytes: Uint8Array }> {
  const { seeded } = await cachedDumps();
  // The dump's name holds the hash of PGlite's version, the shim, each migration and the seed.
  const hash = /-([0-9a-f]+)\.tar$/.exec(basename(seeded))?.[1];
  if (!hash) throw new Error(`databaseImage: ${seeded} is not named by its hash`);
  // The folder's number changes with how the image is made from the dump (below).
  const cacheDir = join(supabaseDir, '..', 'node_modules', '.cache', 'vault-database-image-2');
  const cached = join(cacheDir, `${hash}.tar.gz`);
  if (existsSync(cached)) return { hash, bytes: readFileSync(cached) };
  const db = await loadDb(seeded);
  let bytes: Uint8Array;
  try {
    // The template databases serve only CREATE DATABASE, which the app never runs: without them
    // the image is a third smaller and the browser starts it sooner.
    await db.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
    await db.exec('drop database template0');
    await db.exec('drop database template1');
    bytes = new Uint8Array(await (await dataDirectoryImage(db)).arrayBuffer());
  } finally {
    await db.close();
  }
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
export function databaseImagePlugin(): Plugin {
  let image: Promise<{ hash: string; bytes: Uint8Array }> | null = null;
  const load = () => {
    image ??= databaseImage();
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
