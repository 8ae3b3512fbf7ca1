/**
 * The embedded backend's only writable table, `profiles`, kept in memory and, in a browser, in
 * localStorage so a profile row survives reloads and sign-out/sign-in (PRODUCT.md decision 1).
 */

export interface ProfileRow {
  id: string;
  crossmint_wallet_id: string | null;
  kyc_status: string | null;
  first_onramp_ok: boolean | null;
  updated_at: string;
}

export const MOCK_DB_KEY = 'vault.mock.db';

const profiles = new Map<string, ProfileRow>();
let loaded = false;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Some browsers throw on access when storage is disabled; the mock then lives in memory only.
    return null;
  }
}

function load(): void {
  if (loaded) return;
  loaded = true;
  const raw = storage()?.getItem(MOCK_DB_KEY);
  if (!raw) return;
  try {
    const parsed: unknown = JSON.parse(raw);
    const rows = typeof parsed === 'object' && parsed !== null ? (parsed as { profiles?: unknown }).profiles : null;
    if (!Array.isArray(rows)) return;
    for (const row of rows) if (isProfileRow(row)) profiles.set(row.id, row);
  } catch {
    // A damaged mock database starts empty rather than breaking the embedded backend.
  }
}

function save(): void {
  try {
    storage()?.setItem(MOCK_DB_KEY, JSON.stringify({ profiles: [...profiles.values()] }));
  } catch {
    // Quota or privacy mode: keep serving from memory.
  }
}

function isProfileRow(value: unknown): value is ProfileRow {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return typeof row.id === 'string' && typeof row.updated_at === 'string';
}

export const mockDb = {
  listProfiles(): ProfileRow[] {
    load();
    return [...profiles.values()];
  },
  getProfile(id: string): ProfileRow | undefined {
    load();
    return profiles.get(id);
  },
  /** Insert or merge a row by id, as PostgREST's upsert with merge-duplicates does. */
  upsertProfile(patch: Partial<ProfileRow> & { id: string }): ProfileRow {
    load();
    const current = profiles.get(patch.id);
    const next: ProfileRow = {
      id: patch.id,
      crossmint_wallet_id: patch.crossmint_wallet_id ?? current?.crossmint_wallet_id ?? null,
      kyc_status: patch.kyc_status ?? current?.kyc_status ?? null,
      first_onramp_ok: patch.first_onramp_ok ?? current?.first_onramp_ok ?? null,
      updated_at: patch.updated_at ?? new Date().toISOString(),
    };
    profiles.set(next.id, next);
    save();
    return next;
  },
  /** Update the existing row only, as a PATCH does; undefined when there is none. */
  updateProfile(id: string, patch: Partial<ProfileRow>): ProfileRow | undefined {
    load();
    if (!profiles.has(id)) return undefined;
    return mockDb.upsertProfile({ ...patch, id });
  },
  reset(): void {
    profiles.clear();
    loaded = true;
    try {
      storage()?.removeItem(MOCK_DB_KEY);
    } catch {
      // Nothing to clear.
    }
  },
};
