import { type DashboardKind, dashboardFor, type Session, type View } from '@vault/domain';
import type { TableName, TableRow } from '../backend/schemas';
import type { LoadOptions, TableResult } from '../backend/tables';

/**
 * The tables a screen reads on its first render, so they can be fetched alongside its code rather
 * than after it (the screens call useTable with the same names: screens/Dashboard/*Dashboard.tsx,
 * screens/Opportunities, screens/Documents). A screen missing here simply loads on render.
 */
const dashboardTables: Record<Exclude<DashboardKind, 'signed-out' | 'unknown'>, TableName[]> = {
  investor: ['investments', 'notifications', 'upcoming_actions'],
  'mfo-admin': ['users', 'compliance_alerts', 'activity', 'loans', 'equity_holdings', 'production_assets'],
  'cl-spv': ['loans', 'repayments'],
  'eq-spv': ['equity_holdings'],
  'production-spv': ['production_assets'],
  compliance: ['compliance_alerts', 'audit_logs'],
};

export function firstScreenTables(view: View, session: Session): TableName[] {
  if (view.kind !== 'screen') return [];
  switch (view.screen) {
    case 'dashboard': {
      const kind = dashboardFor(session);
      return kind === 'signed-out' || kind === 'unknown' ? [] : dashboardTables[kind];
    }
    case 'opportunities':
      return ['opportunities'];
    case 'documents':
      return ['documents'];
    default:
      return [];
  }
}

/** Loads in flight, by table, each taken once by the screen's first load of it. */
const pending = new Map<TableName, Promise<TableResult<unknown>>>();

/**
 * Starts the loads of `tables` now, through the same loadSampleTable the screens use (supabase-js
 * comes with it, off the screens' own code). For the first render of a deep link; a data layer
 * with a cache can call this with its own keys later.
 */
export function prefetchTables(tables: TableName[]): void {
  if (tables.length === 0) return;
  const loading = import('../backend/tables');
  for (const name of tables) {
    if (pending.has(name)) continue;
    pending.set(
      name,
      loading.then(
        ({ loadSampleTable }) => loadSampleTable(name),
        (error: unknown) => ({ ok: false as const, error: `Could not load ${name}: ${String(error)}` }),
      ),
    );
  }
}

/**
 * The prefetched load of a table, once: the first unfiltered, first-attempt load of the screen
 * takes it instead of asking again; any later load (a retry, a filter) goes to the backend.
 */
export function takePrefetched<T extends TableName>(
  name: T,
  options: LoadOptions = {},
): Promise<TableResult<TableRow<T>>> | undefined {
  if (options.retry || (options.eq && Object.keys(options.eq).length > 0)) return undefined;
  const load = pending.get(name);
  pending.delete(name);
  // The same loadSampleTable(name) the screen would call: its rows are that table's rows.
  return load as Promise<TableResult<TableRow<T>>> | undefined;
}
