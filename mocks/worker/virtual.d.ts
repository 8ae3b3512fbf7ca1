/** The build's database image (packages/app/scripts/databaseImage.ts). */
declare module 'virtual:vault-database-image' {
  export const databaseImage: { url: string; version: string };
}
