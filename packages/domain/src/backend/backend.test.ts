import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { PlatformUser } from '../entities';
import { type MemberReadiness, memberReadiness, memberReadinessValues } from '../readiness';
import { routes } from '../routes';
import { demoAccounts, demoEmail, effectiveReader, isDemoAccountId } from './accounts';
import { alertStatusRank, consoleErrors, listAlertsPage } from './consoles';
import { backendErrors, httpStatusFor } from './errors';
import {
  DEMO_WALLET_PREFIX,
  demoFunctionNames,
  demoFunctions,
  demoWalletPatchAllowed,
  type ListedMember,
  listMembers,
  listMembersErrors,
  listMembersPage,
  mayListMembers,
  memberPageSize,
} from './rpc';
import { sampleData, sampleMemberRows, sampleSharedRows } from './sample';
import {
  backendTableNames,
  backendTables,
  clientPrivileges,
  embeddedProfileUpdateGrant,
  ProfileRowSchema,
  profileColumns,
  profileUpdateGrant,
  readScope,
  roleTableReaders,
  tableRowSchemas,
  tableSpec,
} from './tables';

describe('the backend tables', () => {
  it('declares every table that has a row schema exactly once, and nothing else', () => {
    expect(backendTables.map((t) => t.name).sort()).toEqual(Object.keys(tableRowSchemas).sort());
  });

  it('keys every table on columns its row schema has', () => {
    for (const spec of backendTables) {
      const columns = Object.keys(tableRowSchemas[spec.name].entries);
      for (const key of spec.key) expect(columns, `${spec.name}.${key}`).toContain(key);
    }
  });

  it('derives each role table’s readers from its route in the route table, plus mfo_admin', () => {
    for (const spec of backendTables) {
      if (spec.access.kind !== 'role') continue;
      const { route: path } = spec.access;
      const route = routes.find((r) => r.path === path);
      expect(Array.isArray(route?.access), spec.name).toBe(true);
      const routeRoles = Array.isArray(route?.access) ? route.access : [];
      expect(new Set(roleTableReaders(spec))).toEqual(new Set([...routeRoles, 'mfo_admin']));
    }
    expect(roleTableReaders(tableSpec('loans'))).toEqual(['mfo_admin', 'cl_spv_admin']);
    expect(roleTableReaders(tableSpec('audit_logs'))).toEqual(['mfo_admin', 'compliance']);
    expect(roleTableReaders(tableSpec('activity'))).toEqual(['mfo_admin']);
  });

  it('lets a route’s roles, mfo_admin and the admin flag read a role table, and nobody else', () => {
    expect(readScope('loans', { role: 'cl_spv_admin', isAdmin: false })).toBe('all');
    expect(readScope('loans', { role: 'mfo_admin', isAdmin: false })).toBe('all');
    expect(readScope('loans', { role: 'investor', isAdmin: true })).toBe('all');
    expect(readScope('loans', { role: 'investor', isAdmin: false })).toBe('none');
    expect(readScope('loans', { role: 'compliance', isAdmin: false })).toBe('none');
    expect(readScope('compliance_alerts', { role: 'compliance', isAdmin: false })).toBe('all');
    expect(readScope('loans', null)).toBe('none');
  });

  it('keeps per-member rows and the profile to their owner, even for mfo_admin and the admin flag', () => {
    for (const table of ['profiles', 'documents', 'investments', 'notifications', 'upcoming_actions'] as const) {
      expect(readScope(table, { role: 'mfo_admin', isAdmin: true })).toBe('own');
      expect(readScope(table, null)).toBe('none');
    }
  });

  it('opens the catalogue to every signed-in member and no one else', () => {
    expect(readScope('opportunities', { role: 'production_spv', isAdmin: false })).toBe('all');
    expect(readScope('opportunity_details', null)).toBe('none');
  });

  it('splits the profile columns into editable, server-owned and trigger-set, with no overlap', () => {
    const all = [...profileColumns.editable, ...profileColumns.serverOwned, ...profileColumns.triggerSet];
    expect(new Set(all).size).toBe(all.length);
    expect(new Set([...all, 'id'])).toEqual(new Set(Object.keys(ProfileRowSchema.entries)));
    expect(profileColumns.serverOwned).toEqual(['kyc_status', 'first_onramp_ok', 'crossmint_wallet_id']);
    for (const c of profileColumns.embeddedDemoPatch) expect(profileColumns.serverOwned).toContain(c);
    expect(profileUpdateGrant).toEqual(['name', 'preferences', 'updated_at']);
  });

  it('grants no client the wallet id; only the embedded backend’s demo mode takes its PATCH', () => {
    expect(profileUpdateGrant).not.toContain('crossmint_wallet_id');
    expect(embeddedProfileUpdateGrant(false)).toEqual(profileUpdateGrant);
    expect(embeddedProfileUpdateGrant(true)).toEqual([...profileUpdateGrant, 'crossmint_wallet_id']);
    const ok = { demoMode: true, current: null, value: `${DEMO_WALLET_PREFIX}abc`, takenByOther: false };
    expect(demoWalletPatchAllowed(ok)).toBe(true);
    expect(demoWalletPatchAllowed({ ...ok, demoMode: false })).toBe(false);
    expect(demoWalletPatchAllowed({ ...ok, current: 'cw-real' })).toBe(false);
    expect(demoWalletPatchAllowed({ ...ok, value: 'someone-elses-wallet' })).toBe(false);
    expect(demoWalletPatchAllowed({ ...ok, takenByOther: true })).toBe(false);
    expect(demoWalletPatchAllowed({ ...ok, value: `${DEMO_WALLET_PREFIX}${'x'.repeat(200)}` })).toBe(false);
  });

  it('grants anon nothing and signed-in clients reads only, except profile updates', () => {
    for (const table of backendTableNames) {
      expect(clientPrivileges(table, 'anon')).toEqual([]);
      expect(clientPrivileges(table, 'authenticated')).toEqual(
        table === 'profiles' ? ['select', 'update'] : ['select'],
      );
    }
  });
});

describe('the sample data', () => {
  const byTable = { ...sampleMemberRows, ...sampleSharedRows };

  it.each(Object.keys(byTable))('%s rows meet the table’s row schema', (name) => {
    const rows = byTable[name as keyof typeof byTable];
    const schema = tableRowSchemas[name as keyof typeof byTable];
    const owner = '00000000-0000-4000-8000-000000000001';
    const result = v.safeParse(
      v.array(schema),
      rows.map((r) => ({ ...r, user_id: owner })),
    );
    expect(result.issues?.map((i) => `${v.getDotPath(i)}: ${i.message}`) ?? []).toEqual([]);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('has unique keys in every table', () => {
    for (const [name, rows] of Object.entries(byTable)) {
      const key = tableSpec(name as keyof typeof byTable).key.filter((k) => k !== 'user_id');
      const keys = rows.map((r) => key.map((k) => String((r as Record<string, unknown>)[k])).join('|'));
      expect(new Set(keys).size, name).toBe(keys.length);
    }
  });

  it('is the data the mock served before the move (same row counts)', () => {
    expect(sampleData.documents).toHaveLength(6);
    expect(sampleData.opportunities).toHaveLength(9);
    expect(sampleData.opportunityDetails).toHaveLength(9);
  });
});

describe('the demo accounts', () => {
  it('has one account per role at demo.<role>@vault.example with distinct ids', () => {
    expect(demoAccounts.map((a) => a.email)).toEqual(demoAccounts.map((a) => demoEmail(a.role)));
    expect(new Set(demoAccounts.map((a) => a.role)).size).toBe(6);
    expect(new Set(demoAccounts.map((a) => a.id)).size).toBe(6);
  });
});

describe('the demo functions and errors', () => {
  it('declares each demo function once', () => {
    expect(demoFunctions.map((f) => f.name)).toEqual([...demoFunctionNames]);
  });

  it('maps Postgres codes to PostgREST statuses', () => {
    expect(httpStatusFor('42501', false)).toBe(401);
    expect(httpStatusFor('42501', true)).toBe(403);
    expect(httpStatusFor('P0001', true)).toBe(400);
    expect(httpStatusFor(backendErrors.unknownTable('x').code, true)).toBe(404);
  });
});

describe('the member list', () => {
  const member = (
    id: string,
    name: string,
    email: string,
    role: PlatformUser['role'],
    readiness: MemberReadiness,
  ): ListedMember => ({
    id,
    name,
    email,
    role,
    status: 'Active',
    joined: '2025-01-01',
    readiness,
  });
  const ids = Array.from({ length: 450 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  // Readiness by the last digit: 0-3 wallet, 4-5 kyc, 6 onramp, 7-9 ready.
  const readinessOf = (i: number): MemberReadiness =>
    i % 10 < 4 ? 'wallet' : i % 10 < 6 ? 'kyc' : i % 10 < 7 ? 'onramp' : 'ready';
  const members = ids
    .map((id, i) =>
      member(id, `Member ${i}`, `m${i}@example.test`, i % 10 === 0 ? 'compliance' : 'investor', readinessOf(i)),
    )
    .reverse();

  it('only for mfo_admin and the admin flag, and never a demo account with demo mode off', () => {
    expect(mayListMembers({ role: 'mfo_admin', isAdmin: false })).toBe(true);
    expect(mayListMembers({ role: 'investor', isAdmin: true })).toBe(true);
    expect(mayListMembers({ role: 'compliance', isAdmin: false })).toBe(false);
    expect(mayListMembers(null)).toBe(false);
    const demoAdmin = demoAccounts.find((a) => a.role === 'mfo_admin');
    expect(demoAdmin && isDemoAccountId(demoAdmin.id)).toBe(true);
    const token = { role: 'mfo_admin' as const, isAdmin: true };
    expect(mayListMembers(effectiveReader(token, { isDemoAccount: true, demoMode: false }))).toBe(false);
    expect(mayListMembers(effectiveReader(token, { isDemoAccount: true, demoMode: true }))).toBe(true);
    expect(mayListMembers(effectiveReader(token, { isDemoAccount: false, demoMode: false }))).toBe(true);
  });

  it('pages every member once, in id order, by keyset', () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page = listMembersPage(members, { after, page_size: 200 });
      if (!page.ok) throw new Error(page.error.message);
      if (page.rows.length === 0) break;
      seen.push(...page.rows.map((r) => r.id));
      after = page.rows.at(-1)?.id ?? null;
    }
    expect(seen).toEqual(ids);
  });

  it('filters by readiness, with the role and the search, and pages the filtered rows by keyset', () => {
    const kyc = listMembersPage(members, { readiness: 'kyc', page_size: 200 });
    expect(kyc.ok && kyc.rows.length).toBe(90);
    expect(kyc.ok && kyc.rows.every((r) => /[45]$/.test(r.name))).toBe(true);
    // The rows are the list's own: the readiness is a filter, not a column.
    expect(kyc.ok && Object.keys(kyc.rows[0] ?? {}).sort()).toEqual([
      'email',
      'id',
      'joined',
      'name',
      'role',
      'status',
    ]);
    const compliance = listMembersPage(members, { readiness: 'wallet', role: 'compliance', page_size: 200 });
    expect(compliance.ok && compliance.rows.length).toBe(45);
    expect(listMembersPage(members, { readiness: 'ready', role: 'compliance' })).toEqual({ ok: true, rows: [] });
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page = listMembersPage(members, { readiness: 'ready', after, page_size: 50 });
      if (!page.ok) throw new Error(page.error.message);
      if (page.rows.length === 0) break;
      seen.push(...page.rows.map((r) => r.id));
      after = page.rows.at(-1)?.id ?? null;
    }
    expect(seen).toEqual(ids.filter((_, i) => readinessOf(i) === 'ready'));
  });

  it("places a member on the gate's first missing step, in the gate's order", () => {
    const base = { id: 'm', name: 'M', email: 'm@example.test', role: 'investor' as const };
    expect(memberReadinessValues).toEqual(['wallet', 'kyc', 'onramp', 'ready']);
    expect(memberReadiness({ ...base, kycStatus: 'approved', firstOnrampOk: true })).toBe('wallet');
    expect(memberReadiness({ ...base, crossmintWalletId: '', kycStatus: 'approved', firstOnrampOk: true })).toBe(
      'wallet',
    );
    expect(memberReadiness({ ...base, crossmintWalletId: 'w', kycStatus: 'pending', firstOnrampOk: true })).toBe('kyc');
    expect(memberReadiness({ ...base, crossmintWalletId: 'w', kycStatus: 'approved', firstOnrampOk: false })).toBe(
      'onramp',
    );
    expect(memberReadiness({ ...base, crossmintWalletId: 'w', kycStatus: 'approved', firstOnrampOk: true })).toBe(
      'ready',
    );
  });

  it('caps the page size and defaults it', () => {
    expect(memberPageSize(undefined)).toBe(listMembers.defaultPageSize);
    expect(memberPageSize(100_000)).toBe(listMembers.maxPageSize);
    expect(memberPageSize(0)).toBe(1);
  });

  it('searches name and email without case, filters by role, and refuses bad arguments', () => {
    const page = listMembersPage(members, { search: 'M44', page_size: 200 });
    expect(page.ok && page.rows.map((r) => r.email)).toEqual([
      'm44@example.test',
      ...Array.from({ length: 10 }, (_, i) => `m${440 + i}@example.test`),
    ]);
    const compliance = listMembersPage(members, { role: 'compliance', page_size: 200 });
    expect(compliance.ok && compliance.rows.length).toBe(45);
    expect(listMembersPage(members, { search: '%' })).toEqual({ ok: true, rows: [] });
    expect(listMembersPage(members, { role: 'owner' })).toEqual({ ok: false, error: listMembersErrors.badRole });
    expect(listMembersPage(members, { readiness: 'verified' })).toEqual({
      ok: false,
      error: listMembersErrors.badReadiness,
    });
    expect(listMembersPage(members, { after: 'x' })).toEqual({ ok: false, error: listMembersErrors.badCursor });
    expect(listMembersPage(members, { search: 'x'.repeat(201) })).toEqual({
      ok: false,
      error: listMembersErrors.badSearch,
    });
  });
});

describe("/compliance's alert list", () => {
  const statuses = ['resolved', 'open', 'acknowledged', 'open', 'resolved', 'open', 'acknowledged'] as const;
  const alerts = statuses.map((status, i) => ({ id: i + 1, status, issue: `Alert ${i + 1}` }));

  it('lists open, then acknowledged, then resolved, newest first within each', () => {
    const page = listAlertsPage(alerts, {});
    expect(page.ok && page.rows.map((a) => a.id)).toEqual([6, 4, 2, 7, 3, 5, 1]);
    expect(alertStatusRank('open')).toBeLessThan(alertStatusRank('acknowledged'));
    expect(alertStatusRank('acknowledged')).toBeLessThan(alertStatusRank('resolved'));
  });

  it('filters by one status and pages by keyset, across the statuses when unfiltered', () => {
    const open = listAlertsPage(alerts, { status: 'open' });
    expect(open.ok && open.rows.map((a) => a.id)).toEqual([6, 4, 2]);
    const seen: number[] = [];
    let after: string | null = null;
    for (;;) {
      const page: ReturnType<typeof listAlertsPage<(typeof alerts)[number]>> = listAlertsPage(alerts, {
        after,
        page_size: 2,
      });
      if (!page.ok) throw new Error(page.error.message);
      if (page.rows.length === 0) break;
      seen.push(...page.rows.map((a) => a.id));
      after = String(page.rows.at(-1)?.id);
    }
    expect(seen).toEqual([6, 4, 2, 7, 3, 5, 1]);
    const later = listAlertsPage(alerts, { status: 'acknowledged', after: '7' });
    expect(later.ok && later.rows.map((a) => a.id)).toEqual([3]);
  });

  it('refuses a status or a cursor that is none', () => {
    expect(listAlertsPage(alerts, { status: 'closed' })).toEqual({ ok: false, error: consoleErrors.badAlertStatus });
    expect(listAlertsPage(alerts, { after: '99' })).toEqual({ ok: false, error: consoleErrors.badAlertCursor });
    expect(listAlertsPage(alerts, { after: '1 or 1=1' })).toEqual({ ok: false, error: consoleErrors.badAlertCursor });
  });

  it('keeps the page within its bounds', () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, status: 'open' as const }));
    expect(listAlertsPage(many, {}).ok && (listAlertsPage(many, {}) as { rows: unknown[] }).rows.length).toBe(50);
    const capped = listAlertsPage(many, { page_size: 10_000 });
    expect(capped.ok && capped.rows.length).toBe(200);
    const one = listAlertsPage(many, { page_size: 0 });
    expect(one.ok && one.rows.length).toBe(1);
  });
});
