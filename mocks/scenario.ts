/**
 * The embedded mock's scenario switch. It exists only here, never in the app: a tester sets
 * localStorage 'vault.mock.scenario' (wallet function) or 'vault.mock.tables' (sample tables) in
 * the browser, e.g. from the devtools console, to see each failure in the running app.
 */

const walletScenarios = ['success', 'failure', 'serverError', 'networkError', 'invalidJson', 'noWalletId'] as const;
export type WalletScenario = (typeof walletScenarios)[number];

const tableScenarios = ['ok', 'loading', 'error', 'empty'] as const;
export type TableScenario = (typeof tableScenarios)[number];

const WALLET_SCENARIO_KEY = 'vault.mock.scenario';
/** Comma-separated `table:state` pairs; `*` stands for every table, e.g. 'opportunities:error'. */
const TABLE_SCENARIO_KEY = 'vault.mock.tables';

function read(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function currentWalletScenario(): WalletScenario {
  const value = read(WALLET_SCENARIO_KEY);
  return walletScenarios.find((s) => s === value) ?? 'success';
}

export function currentTableScenario(table: string): TableScenario {
  const value = read(TABLE_SCENARIO_KEY);
  if (!value) return 'ok';
  let result: TableScenario = 'ok';
  for (const pair of value.split(',')) {
    const [name, state] = pair.split(':').map((s) => s.trim());
    const known = tableScenarios.find((s) => s === state);
    if (known && (name === table || name === '*')) result = known;
  }
  return result;
}
