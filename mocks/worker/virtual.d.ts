/** The build's database image (packages/app/scripts/databaseImage.ts). */
declare module 'virtual:vault-database-image' {
  export const databaseImage: { url: string; version: string };
}

// The SharedWorker option that keeps the worker after its last page unloads (HTML, Chromium 148+).
interface WorkerOptions {
  extendedLifetime?: boolean;
}
