/**
 * The demo accounts' password (docs/backend.md "Demo accounts"). A mock build uses the embedded
 * backend's own (`MOCK_DEMO_PASSWORD`, loaded with the mock, never in a real build); a real build
 * uses the operator's, set at build time as VITE_DEMO_PASSWORD, and without it offers no demo
 * sign-in buttons. Read one by one, so no other VITE_* value reaches the bundle.
 */
const operatorPassword: string | null = import.meta.env.VITE_DEMO_PASSWORD?.trim() || null;

/**
 * The same test as display/demoMode.ts MOCK_BACKEND, written out here: Vite inlines the two
 * variables, so in a real build this is a literal false and the mock's import below is dropped
 * (an imported constant is not folded across modules).
 */
const mockBuild = !(import.meta.env.VITE_SUPABASE_URL && import.meta.env.VITE_SUPABASE_ANON_KEY);

/** Whether the one-click demo sign-ins can work in this build. */
export const demoSignInAvailable: boolean = mockBuild || operatorPassword !== null;

/** The password of every demo account, or null when this build has none. */
export async function demoPassword(): Promise<string | null> {
  if (mockBuild) return (await import('../../../../mocks/embeddedAccounts')).MOCK_DEMO_PASSWORD;
  return operatorPassword;
}
