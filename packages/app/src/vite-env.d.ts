/// <reference types="vite/client" />

/** The build-time settings the app reads (README 'Run modes'). All optional. */
interface ImportMetaEnv {
  /** A Supabase project URL; with the anon key, the app talks to it and MSW stays off. */
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** Overrides of the admin demo pair (docs/decisions.md (2)). */
  readonly VITE_ADMIN_EMAIL?: string;
  readonly VITE_ADMIN_PASSWORD?: string;
  /** The demo accounts' password of a real project's public demo; unset, a real build has no demo sign-in buttons. */
  readonly VITE_DEMO_PASSWORD?: string;
  /** Set by the app's vite.config.ts: Radix Themes' component styles come in two parts (boot/deferredStyles.ts). */
  readonly VAULT_RADIX_SPLIT?: boolean;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Radix Themes' component styles in two parts (vite.config.ts, radixThemesInLayers). */
declare module '*.css?part=landing' {}
declare module '*.css?part=rest' {}
