import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import {
  type ChangeSet,
  type FileWrite,
  MemfsFrontendFS,
  type StorageBackend,
  type StorageEntry,
} from '@electric-sql/pglite/memfs-frontend';
import { OpfsBackend } from '@electric-sql/pglite/memfs2opfs';
import { tarBytes, untar } from '../../supabase/host/tar.ts';
import type { DatabaseImage } from './protocol';

/**
 * The embedded backend's database, one per browser profile and database image: PGlite in memory,
 * its writes mirrored to the origin private file system (OPFS) within a second of their answer,
 * so they survive reloads; in memory only where the browser offers no OPFS.
 *
 * The profile's copy is the build's image, kept whole as one file, and beside it a directory of
 * the files Postgres has written since, with the image's paths it removed. A start reads the
 * image and lays the directory over it, so a first start writes one file, not the image's
 * hundreds. A marker file says the image's copy is complete. Copies of other images are dropped:
 * a new build starts from its seed.
 */

const PREFIX = 'vault-db-';
/** PGlite's data directory in its file system (the path MemfsFrontendFS mounts). */
const PGDATA = '/pglite/data';
const directoryName = (image: DatabaseImage) => `${PREFIX}${image.version}`;
const imageName = (image: DatabaseImage) => `${directoryName(image)}.image`;
const removedName = (image: DatabaseImage) => `${directoryName(image)}.removed`;
const markerName = (image: DatabaseImage) => `${directoryName(image)}.ready`;
/**
 * How long the worker lets writes gather before it mirrors them to OPFS. A SharedWorker has no
 * synchronous access handles, so each flush rewrites every file it touches in full through a
 * writable stream (a 16 MB WAL segment for one row): gathering a burst of calls into one flush
 * saves most of that work. A SharedWorker outlives its last tab long enough to finish a flush.
 */
const FLUSH_DELAY_MS = 1_000;

async function opfsRoot(): Promise<FileSystemDirectoryHandle | null> {
  try {
    return await navigator.storage.getDirectory();
  } catch {
    return null;
  }
}

async function exists(root: FileSystemDirectoryHandle, name: string): Promise<boolean> {
  try {
    await root.getFileHandle(name);
    return true;
  } catch {
    return false;
  }
}

async function remove(root: FileSystemDirectoryHandle, name: string): Promise<void> {
  await root.removeEntry(name, { recursive: true }).catch(() => undefined);
}

async function writeFile(root: FileSystemDirectoryHandle, name: string, data: Blob | string): Promise<void> {
  const writable = await (await root.getFileHandle(name, { create: true })).createWritable();
  await writable.write(data);
  await writable.close();
}

async function readFile(root: FileSystemDirectoryHandle, name: string): Promise<Blob | null> {
  try {
    return await (await root.getFileHandle(name)).getFile();
  } catch {
    return null;
  }
}

/** Drops what earlier images left, but this image's copy. */
async function dropOtherImages(root: FileSystemDirectoryHandle, image: DatabaseImage): Promise<void> {
  const keep = new Set([directoryName(image), imageName(image), removedName(image), markerName(image)]);
  const names: string[] = [];
  for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
  for (const name of names) if (name.startsWith(PREFIX) && !keep.has(name)) await remove(root, name);
}

/** Whether `path` is one of `paths`, or lies under one of them. */
function within(path: string, paths: ReadonlySet<string>): boolean {
  for (let p = path; p !== ''; p = p.slice(0, p.lastIndexOf('/'))) if (paths.has(p)) return true;
  return false;
}

/**
 * The image on OPFS, overlaid by the directory of files written since (OpfsBackend) and the list
 * of the image's paths removed. The overlay holds whole files only: a file of the image's first
 * write is written whole, from PGlite's file system as the flush's snapshot left it.
 */
class ImageOverlayBackend implements StorageBackend {
  /** A file's bytes in PGlite's file system now; set by the file system once it has started. */
  current: ((path: string) => Uint8Array) | null = null;
  private readonly overlay: OpfsBackend;
  private readonly imagePaths = new Set<string>();
  private readonly inOverlay = new Set<string>();
  private removed = new Set<string>();

  constructor(
    private readonly root: FileSystemDirectoryHandle,
    private readonly image: DatabaseImage,
  ) {
    this.overlay = new OpfsBackend(directoryName(image));
  }

  init(): Promise<void> {
    return this.overlay.init();
  }

  async *load(): AsyncIterable<StorageEntry> {
    const removed = await readFile(this.root, removedName(this.image));
    this.removed = new Set(removed ? (await removed.text()).split('\n').filter(Boolean) : []);
    const overlay: StorageEntry[] = [];
    for await (const entry of this.overlay.load()) overlay.push(entry);
    const overlaid = new Set(overlay.filter((e) => e.kind === 'file').map((e) => e.path));
    const made = new Set<string>();
    const stored = await readFile(this.root, imageName(this.image));
    if (!stored) throw new Error('the database image is missing from the profile');
    for (const entry of untar(await tarBytes(stored))) {
      this.imagePaths.add(entry.path);
      if (within(entry.path, this.removed) || overlaid.has(entry.path)) continue;
      if (entry.kind === 'dir') made.add(entry.path);
      yield entry;
    }
    for (const entry of overlay) {
      if (entry.kind === 'dir' && made.has(entry.path)) continue;
      if (entry.kind === 'file') this.inOverlay.add(entry.path);
      yield entry;
    }
  }

  async apply(changes: ChangeSet, options: { relaxedDurability: boolean }): Promise<void> {
    // Before any await, so each file is read as the snapshot this flush writes left it.
    const whole = (file: FileWrite): FileWrite => {
      if (file.full || this.inOverlay.has(file.path) || !this.current) return file;
      const data = this.current(file.path);
      return { path: file.path, size: data.length, full: true, truncate: true, chunks: [{ at: 0, data }] };
    };
    const files = {
      wal: changes.files.wal.map(whole),
      data: changes.files.data.map(whole),
      control: changes.files.control.map(whole),
    };
    const gone = changes.ops.filter((op) => op.op === 'remove').map((op) => op.path);
    const removedBefore = this.removed.size;
    for (const path of gone) {
      for (const p of [...this.inOverlay]) if (within(p, new Set([path]))) this.inOverlay.delete(p);
      if ([...this.imagePaths].some((p) => within(p, new Set([path])))) this.removed.add(path);
    }
    if (this.removed.size !== removedBefore) {
      await writeFile(this.root, removedName(this.image), [...this.removed].join('\n'));
    }
    await this.overlay.apply({ ops: changes.ops, files }, options);
    for (const group of [files.wal, files.data, files.control]) for (const file of group) this.inOverlay.add(file.path);
  }

  close(): Promise<void> {
    return this.overlay.close();
  }
}

/** The profile's copy as PGlite's file system; writes gather for FLUSH_DELAY_MS into one flush. */
class ImageOverlayFS extends MemfsFrontendFS {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(root: FileSystemDirectoryHandle, image: DatabaseImage) {
    const backend = new ImageOverlayBackend(root, image);
    super(backend);
    backend.current = (path) => {
      if (!this.pg) throw new Error('the database has not started');
      return this.pg.Module.FS.readFile(PGDATA + path);
    };
  }

  override async syncToFs(relaxedDurability = false): Promise<void> {
    if (!relaxedDurability) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      return super.syncToFs(false);
    }
    // The changes stay tracked until a flush takes them; a failed flush keeps them for the next.
    this.timer ??= setTimeout(() => {
      this.timer = null;
      super.syncToFs(true).catch((error: unknown) => console.warn('[embedded backend] OPFS flush failed', error));
    }, FLUSH_DELAY_MS);
  }
}

export interface OpenDatabase {
  db: PGlite;
  /** Closes this database and deletes its copy, so the next open starts from the image. */
  discard(): Promise<void>;
}

/**
 * Opens the profile's database. `persistent: false` keeps it in memory only: for a worker that is
 * not the profile's one SharedWorker, which must not write the copy another tab may hold.
 * `loadImage` brings the image's bytes, when there is no complete copy to open.
 */
export async function openDatabase(
  image: DatabaseImage,
  { persistent, loadImage }: { persistent: boolean; loadImage: () => Promise<Blob> },
): Promise<OpenDatabase> {
  const root = persistent ? await opfsRoot() : null;
  const extensions = { pgcrypto };
  if (!root) {
    const db = await PGlite.create({ loadDataDir: await loadImage(), extensions });
    return { db, discard: () => db.close() };
  }
  await dropOtherImages(root, image);
  if (!(await exists(root, markerName(image)))) {
    for (const name of [directoryName, imageName, removedName]) await remove(root, name(image));
    await writeFile(root, imageName(image), await loadImage());
    // The marker follows the image's complete copy, so a copy with a marker is one a start can open.
    await root.getFileHandle(markerName(image), { create: true });
  }
  // Relaxed: an answer does not wait for its writes to reach OPFS. The worker outlives a reload,
  // and the copy is written so that an interrupted write leaves a state Postgres recovers from.
  const db = await PGlite.create({ fs: new ImageOverlayFS(root, image), extensions, relaxedDurability: true });
  return {
    db,
    async discard() {
      await remove(root, markerName(image));
      await db.close();
      for (const name of [directoryName, imageName, removedName]) await remove(root, name(image));
    },
  };
}
