import { sampleData, sampleMemberRows, sampleSharedRows } from '@vault/domain';

/**
 * The sample rows the embedded backend serves at /rest/v1/<name> (docs/decisions.md (13)), for
 * stories and tests that show or compare them. They live in @vault/domain, the one source
 * `supabase/seed.sql` is generated from too; `members` also lists the backend's own accounts.
 */
export const sampleTables = { ...sampleSharedRows, ...sampleMemberRows, members: sampleData.users } as const;
