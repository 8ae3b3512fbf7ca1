/**
 * The embedded backend's published passwords (supabase/host/localAccounts.ts), which no real
 * project has: the demo accounts' (the one-click demo buttons sign in with it).
 */
export { LOCAL_DEMO_PASSWORD as MOCK_DEMO_PASSWORD } from '../supabase/host/localAccounts.ts';
