/**
 * The build's backend: the embedded mock (MSW) unless both Supabase variables are set at build
 * time. Vite replaces `import.meta.env.*` with literals, so in a real build this is `false` and
 * every `if (MOCK_BACKEND)` branch (the mock worker, the admin demo pair) is dropped from the bundle.
 */
export const MOCK_BACKEND: boolean = !(import.meta.env.VITE_SUPABASE_URL && import.meta.env.VITE_SUPABASE_ANON_KEY);
