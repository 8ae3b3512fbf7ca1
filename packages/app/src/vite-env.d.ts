/// <reference types="vite/client" />

/** The build-time settings the app reads (README 'Run modes'). All optional. */
interface ImportMetaEnv {
  /** A Supabase project URL; with the anon key, the app talks to it and MSW stays off. */
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** Overrides of the admin demo pair (PRODUCT.md decision 2). */
  readonly VITE_ADMIN_EMAIL?: string;
  readonly VITE_ADMIN_PASSWORD?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
