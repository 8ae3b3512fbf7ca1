/** The domain formats dates once, for every screen (packages/domain/src/dates.ts). */
export { formatDate, formatDateTime } from '@vault/domain';
