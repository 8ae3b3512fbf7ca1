import type { StorageEntry } from '@electric-sql/pglite/memfs-frontend';

/**
 * The database image as the worker reads it: a PGlite data directory dumped as a (gzipped) ustar
 * archive, listed entry by entry for the browser worker's storage backend (mocks/worker/database.ts). Tested against
 * PGlite's own dumps in supabase/host/database-image.test.ts.
 */

/** The bytes of a tar archive, gunzipped when they are gzip (the build's image is). */
export async function tarBytes(blob: Blob): Promise<Uint8Array> {
  const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
  const stream =
    head[0] === 0x1f && head[1] === 0x8b ? blob.stream().pipeThrough(new DecompressionStream('gzip')) : blob.stream();
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The directories and files of a ustar archive, as a storage backend lists them (paths from '/'). */
export function* untar(tar: Uint8Array): Generator<StorageEntry> {
  const text = new TextDecoder();
  const field = (header: Uint8Array, start: number, length: number) => {
    const raw = header.subarray(start, start + length);
    const end = raw.indexOf(0);
    return text.decode(end === -1 ? raw : raw.subarray(0, end));
  };
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    const name = field(header, 0, 100);
    if (name === '') break;
    const prefix = field(header, 345, 155);
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = header[156];
    const path = `/${(prefix ? `${prefix}/${name}` : name).replace(/^\/+|\/+$/g, '')}`;
    at += 512;
    // '5' a directory; '0' (or NUL, old tars) a file. Nothing else is in a data directory's dump.
    if (type === 0x35) yield { kind: 'dir', path };
    else if (type === 0x30 || type === 0) yield { kind: 'file', path, data: tar.slice(at, at + size) };
    at += Math.ceil(size / 512) * 512;
  }
}
