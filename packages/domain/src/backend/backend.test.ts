import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { memberReadiness, memberReadinessValues } from '../readiness';
import { routes } from '../routes';
import { demoAccounts, demoEmail, effectiveReader, isDemoAccountId } from './accounts';
import { backendErrors, httpStatusFor } from './errors';
import { demoFunctionNames, demoFunctions, mayListMembers } from './rpc';
import { sampleData, sampleMemberRows, sampleSharedRows } from './sample';
import {
  backendTableNames,
  backendTables,
  clientPrivileges,
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
    expect(profileUpdateGrant).toEqual(['name', 'preferences', 'updated_at']);
  });

  it('grants no client the wallet id, in any mode (demo_create_wallet() makes the demo wallet)', () => {
    expect(profileUpdateGrant).not.toContain('crossmint_wallet_id');
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
});
