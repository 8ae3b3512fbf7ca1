/** Where the backend is: a real Supabase project when both variables are set, else the embedded mock. */
export interface BackendConfig {
  url: string;
  anonKey: string;
  /** True when the embedded MSW backend answers (docs/decisions.md 'Run modes'). */
  mock: boolean;
}

/** The mock's anon key: a placeholder, since nothing checks it; real keys come from the environment. */
const MOCK_ANON_KEY = 'vault-mock-anon-key';
/** Off the browser (node tests) there is no page origin; MSW matches any origin, so any fixed one does. */
const MOCK_FALLBACK_ORIGIN = 'https://mock.vault.local';

interface BackendEnv {
  VITE_SUPABASE_URL?: string;
  VITE_SUPABASE_ANON_KEY?: string;
}

/**
 * The two build-time values, named one by one: Vite inlines each alone, where `import.meta.env` as
 * a whole would carry every VITE_* variable of the build machine into the bundle.
 */
const buildEnv: BackendEnv = {
  VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL,
  VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY,
};

export function readBackendConfig(
  env: BackendEnv = buildEnv,
  origin: string | undefined = globalThis.location?.origin,
): BackendConfig {
  const url = env.VITE_SUPABASE_URL?.trim();
  const anonKey = env.VITE_SUPABASE_ANON_KEY?.trim();
  if (url && anonKey) return { url, anonKey, mock: false };
  // Same origin in the browser, so the mock needs no CORS and works on any port.
  const base = origin && origin !== 'null' ? origin : MOCK_FALLBACK_ORIGIN;
  return { url: `${base}/mock-supabase`, anonKey: MOCK_ANON_KEY, mock: true };
}
