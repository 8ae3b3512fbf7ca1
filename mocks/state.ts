import { demoAccounts, type Role, stableHash } from '@vault/domain';
import { MOCK_DEMO_PASSWORD } from './embeddedAccounts';

/**
 * The embedded backend's data: its auth accounts, their profile rows, refresh tokens and wallet
 * requests. Kept in memory and, in a browser, in localStorage (`vault.mock.db`), read again on
 * every access, so the app's tabs and reloads share one backend as they would share a server.
 */

const MOCK_DB_KEY = 'vault.mock.db';

export interface MockAccount {
  id: string;
  email: string;
  /** null: any non-empty password signs in (docs/decisions.md (1)); seeded accounts have one. */
  password: string | null;
  role: Role;
  isAdmin: boolean;
  createdAt: string;
  /** Sign-up's `data`: user_metadata. */
  metadata: Record<string, unknown>;
  /** The KYC status its profile starts with (seeded staff accounts are verified). */
  kycStatus?: string;
  /** Made by `seedMember` for a story or a test, not by a sign-in or a sign-up. */
  seeded?: boolean;
}

export interface MockProfile {
  id: string;
  name: string;
  preferences: Record<string, boolean>;
  kyc_status: string;
  first_onramp_ok: boolean;
  crossmint_wallet_id: string | null;
  updated_at: string;
}

interface RefreshToken {
  userId: string;
  sessionId: string;
}

interface MockData {
  accounts: MockAccount[];
  profiles: MockProfile[];
  refreshTokens: Record<string, RefreshToken>;
  /** Idempotency-Key -> wallet id, per user: a retried request gets the first answer. */
  walletRequests: Record<string, string>;
  /**
   * Rows the server actions write (mocks/actions/): the audit trail, payments, signatures,
   * investments and the like, by table name, in insertion order.
   */
  serverRows: Record<string, ServerRow[]>;
}

/** A row a server action wrote, as the database would return it. */
export type ServerRow = Record<string, unknown>;

/** The admin pair of the embedded backend (docs/decisions.md (2)); the app may pass its override. */
const mockAdminPair = { email: 'admin@example.com', password: 'admin-demo-2025' };

/** A stable uuid for an email, so an account keeps its id and rows across sign-ins and reloads. */
export function uuidForEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  const hex = [0, 1, 2, 3].map((i) => stableHash(`${i}:${normalized}`).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const SEEDED_AT = '2025-01-06T09:00:00.000Z';

/** The accounts `supabase/seed.sql` makes too: one per role (fixed ids, from the domain), and the admin pair. */
function seededAccounts(): MockAccount[] {
  const demo = demoAccounts.map(
    (account): MockAccount => ({
      id: account.id,
      email: account.email,
      password: MOCK_DEMO_PASSWORD,
      role: account.role,
      isAdmin: false,
      createdAt: SEEDED_AT,
      metadata: { name: account.name },
      kycStatus: account.kycStatus,
    }),
  );
  const admin: MockAccount = {
    id: uuidForEmail(mockAdminPair.email),
    email: mockAdminPair.email,
    password: mockAdminPair.password,
    role: 'mfo_admin',
    isAdmin: true,
    createdAt: SEEDED_AT,
    metadata: { name: 'Admin' },
    kycStatus: 'approved',
  };
  return [admin, ...demo];
}

let memory: MockData = empty();

function empty(): MockData {
  return { accounts: [], profiles: [], refreshTokens: {}, walletRequests: {}, serverRows: {} };
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage disabled (privacy modes): the mock lives in memory only.
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function serverRowsOf(stored: Record<string, unknown>): Record<string, ServerRow[]> {
  return Object.fromEntries(
    Object.entries(stored).map(([table, rows]) => [table, Array.isArray(rows) ? rows.filter(isRecord) : []]),
  );
}

function load(): MockData {
  const store = storage();
  if (!store) return memory;
  const raw = store.getItem(MOCK_DB_KEY);
  if (!raw) return empty();
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed)) return empty();
    return {
      accounts: Array.isArray(parsed.accounts) ? (parsed.accounts as MockAccount[]).filter(isRecord) : [],
      profiles: Array.isArray(parsed.profiles) ? (parsed.profiles as MockProfile[]).filter(isRecord) : [],
      refreshTokens: isRecord(parsed.refreshTokens) ? (parsed.refreshTokens as Record<string, RefreshToken>) : {},
      walletRequests: isRecord(parsed.walletRequests) ? (parsed.walletRequests as Record<string, string>) : {},
      serverRows: isRecord(parsed.serverRows) ? serverRowsOf(parsed.serverRows) : {},
    };
  } catch {
    // A damaged mock database starts empty rather than breaking the embedded backend.
    return empty();
  }
}

function save(data: MockData): void {
  memory = data;
  try {
    storage()?.setItem(MOCK_DB_KEY, JSON.stringify(data));
  } catch {
    // Quota or privacy mode: keep serving from memory.
  }
}

/** Reads the data, lets `change` edit it, and saves it: one read-modify-write per request. */
function update<T>(change: (data: MockData) => T): T {
  const data = load();
  const result = change(data);
  save(data);
  return result;
}

function newProfile(account: MockAccount, now: string): MockProfile {
  const name = typeof account.metadata.name === 'string' ? account.metadata.name : '';
  return {
    id: account.id,
    name,
    preferences: {},
    kyc_status: account.kycStatus ?? 'not_started',
    first_onramp_ok: false,
    crossmint_wallet_id: null,
    updated_at: now,
  };
}

function randomToken(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export type PasswordCheck =
  | { ok: true; account: MockAccount }
  | { ok: false; reason: 'invalid_credentials' | 'user_already_exists' };

export const mockDb = {
  /** Every account: the seeded ones first, then those made by sign-in or sign-up. */
  accounts(): MockAccount[] {
    const stored = load().accounts;
    // A story's member may take a seeded account's email (the admin pair's, say): theirs wins.
    const taken = new Set(stored.filter((a) => a.seeded).map((a) => a.email));
    const seeded = seededAccounts().filter((a) => !taken.has(a.email));
    const made = stored.filter((a) => a.seeded || !seeded.some((s) => s.email === a.email));
    return [...seeded, ...made];
  },

  /** The accounts made by sign-in or sign-up (not the seeded ones). */
  signedUpAccounts(): MockAccount[] {
    const seeded = seededAccounts();
    return load().accounts.filter((a) => !a.seeded && !seeded.some((s) => s.email === a.email));
  },
  accountById(id: string): MockAccount | undefined {
    return mockDb.accounts().find((a) => a.id === id);
  },
  accountByEmail(email: string): MockAccount | undefined {
    const wanted = email.trim().toLowerCase();
    return mockDb.accounts().find((a) => a.email === wanted);
  },

  /**
   * Password sign-in (docs/decisions.md (1) and (15)): a seeded account needs its password; any
   * other email signs in with any password, its investor account made on first sign-in.
   */
  signIn(email: string, password: string): PasswordCheck {
    const existing = mockDb.accountByEmail(email);
    if (existing) {
      if (existing.password !== null && existing.password !== password) {
        return { ok: false, reason: 'invalid_credentials' };
      }
      mockDb.ensureProfile(existing);
      return { ok: true, account: existing };
    }
    return { ok: true, account: mockDb.createAccount(email, {}) };
  },

  /** Sign-up: a new investor account; an existing email is refused as Supabase does. */
  signUp(email: string, metadata: Record<string, unknown>): PasswordCheck {
    if (mockDb.accountByEmail(email)) return { ok: false, reason: 'user_already_exists' };
    return { ok: true, account: mockDb.createAccount(email, metadata) };
  },

  createAccount(email: string, metadata: Record<string, unknown>): MockAccount {
    const now = new Date().toISOString();
    const account: MockAccount = {
      id: uuidForEmail(email),
      email: email.trim().toLowerCase(),
      password: null,
      role: 'investor',
      isAdmin: false,
      createdAt: now,
      metadata,
    };
    update((data) => {
      data.accounts.push(account);
      // What the SQL trigger on auth.users does: every new account gets its profile row.
      if (!data.profiles.some((p) => p.id === account.id)) data.profiles.push(newProfile(account, now));
    });
    return account;
  },

  /**
   * Puts an account with a given id and profile in place (stories and tests start signed in as a
   * sample member); any password signs it in.
   */
  seedMember(account: Omit<MockAccount, 'password' | 'createdAt'>, profile: Partial<Omit<MockProfile, 'id'>>): void {
    const now = new Date().toISOString();
    update((data) => {
      data.accounts = data.accounts.filter((a) => a.id !== account.id && a.email !== account.email);
      data.accounts.push({
        ...account,
        email: account.email.toLowerCase(),
        password: null,
        createdAt: now,
        seeded: true,
      });
      data.profiles = data.profiles.filter((p) => p.id !== account.id);
      data.profiles.push({
        ...newProfile({ ...account, password: null, createdAt: now }, now),
        ...profile,
        id: account.id,
      });
    });
  },

  /**
   * An account for a valid token whose user this backend has not seen (its data was cleared, or a
   * benchmark seeded the session): made from the token's claims, as on a first sign-in.
   */
  ensureAccount(claims: { id: string; email: string; role: Role; isAdmin: boolean }): void {
    if (mockDb.accountById(claims.id)) return;
    const now = new Date().toISOString();
    const account: MockAccount = {
      ...claims,
      email: claims.email.toLowerCase(),
      password: null,
      createdAt: now,
      metadata: {},
      seeded: true,
    };
    update((data) => {
      data.accounts = data.accounts.filter((a) => a.email !== account.email);
      data.accounts.push(account);
      if (!data.profiles.some((p) => p.id === account.id)) data.profiles.push(newProfile(account, now));
    });
  },

  /**
   * Sets an account's role and admin flag (set_member_role writes raw_app_meta_data): its next
   * token carries them. A seeded account is stored with the change, which then takes its place.
   */
  setAccountRole(id: string, role: Role, isAdmin: boolean): MockAccount | undefined {
    const current = mockDb.accountById(id);
    if (!current) return undefined;
    const changed: MockAccount = { ...current, role, isAdmin };
    const stored = load().accounts.some((a) => a.id === id);
    if (!stored) changed.seeded = true;
    update((data) => {
      data.accounts = data.accounts.filter((a) => a.id !== id && a.email !== current.email);
      data.accounts.push(changed);
    });
    return changed;
  },

  /** The seeded accounts' rows appear on first use. */
  ensureProfile(account: MockAccount): MockProfile {
    return update((data) => {
      const found = data.profiles.find((p) => p.id === account.id);
      if (found) return found;
      const made = newProfile(account, new Date().toISOString());
      data.profiles.push(made);
      return made;
    });
  },

  profile(id: string): MockProfile | undefined {
    const found = load().profiles.find((p) => p.id === id);
    if (found) return found;
    const account = mockDb.accountById(id);
    return account ? mockDb.ensureProfile(account) : undefined;
  },

  /** Every profile row, one per account. */
  profiles(): MockProfile[] {
    // Read only: a seeded account's row is written on its first sign-in, not by someone's list.
    const stored = load().profiles;
    return mockDb.accounts().map((a) => stored.find((p) => p.id === a.id) ?? newProfile(a, a.createdAt));
  },

  /** Writes columns of one row, as the server would once its rules allowed the change. */
  writeProfile(id: string, columns: Partial<Omit<MockProfile, 'id'>>): MockProfile | undefined {
    const account = mockDb.accountById(id);
    if (!account) return undefined;
    mockDb.ensureProfile(account);
    return update((data) => {
      const row = data.profiles.find((p) => p.id === id);
      if (!row) return undefined;
      Object.assign(row, columns, { updated_at: new Date().toISOString() });
      return { ...row };
    });
  },

  issueRefreshToken(userId: string, sessionId: string): string {
    const token = randomToken();
    update((data) => {
      data.refreshTokens[token] = { userId, sessionId };
    });
    return token;
  },

  /** Rotates a refresh token: the old one is spent, as Supabase Auth does. */
  useRefreshToken(token: string): RefreshToken | undefined {
    return update((data) => {
      const found = data.refreshTokens[token];
      if (found) delete data.refreshTokens[token];
      return found;
    });
  },

  /** Sign-out: the session's refresh tokens (scope local) or all of the user's (global, others). */
  revoke(userId: string, sessionId: string | undefined, scope: 'local' | 'global' | 'others'): void {
    update((data) => {
      for (const [token, owner] of Object.entries(data.refreshTokens)) {
        if (owner.userId !== userId) continue;
        const same = owner.sessionId === sessionId;
        if (scope === 'global' || (scope === 'local' && same) || (scope === 'others' && !same)) {
          delete data.refreshTokens[token];
        }
      }
    });
  },

  walletForRequest(userId: string, key: string): string | undefined {
    return load().walletRequests[`${userId}:${key}`];
  },
  rememberWalletRequest(userId: string, key: string, walletId: string): void {
    update((data) => {
      data.walletRequests[`${userId}:${key}`] = walletId;
    });
  },

  newSessionId(): string {
    return randomToken().slice(0, 32);
  },

  /** Forgets everything made since the start (tests). */
  /** Every row a server action wrote to `table`, oldest first (copies: change them through the methods below). */
  serverRows(table: string): ServerRow[] {
    return (load().serverRows[table] ?? []).map((row) => ({ ...row }));
  },

  /** Appends a row to `table` and returns it. */
  insertServerRow(table: string, row: ServerRow): ServerRow {
    return update((data) => {
      const rows = data.serverRows[table] ?? [];
      rows.push({ ...row });
      data.serverRows[table] = rows;
      return { ...row };
    });
  },

  /** Sets `columns` on the rows of `table` that `matches` picks; returns the changed rows. */
  updateServerRows(table: string, matches: (row: ServerRow) => boolean, columns: ServerRow): ServerRow[] {
    return update((data) => {
      const changed = (data.serverRows[table] ?? []).filter(matches);
      for (const row of changed) Object.assign(row, columns);
      return changed.map((row) => ({ ...row }));
    });
  },

  /**
   * Runs `change` with the whole of `table` in one read-modify-write, so a step that reads the
   * last row and appends the next (the audit chain) is never interleaved with another write.
   */
  withServerRows<T>(table: string, change: (rows: ServerRow[]) => T): T {
    return update((data) => {
      const rows = data.serverRows[table] ?? [];
      data.serverRows[table] = rows;
      return change(rows);
    });
  },

  reset(): void {
    memory = empty();
    try {
      storage()?.removeItem(MOCK_DB_KEY);
    } catch {
      // Nothing to clear.
    }
  },
};
