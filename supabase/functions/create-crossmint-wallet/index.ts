// The Deno entry of the create-crossmint-wallet edge function: it wires the real dependencies
// into handler.ts, which holds every rule and is tested under Node. docs/backend.md lists the
// secrets. Supabase provides SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY to every function.
import { createClient } from '@supabase/supabase-js';
import {
  crossmintProvider,
  demoProvider,
  handleCreateWallet,
  hs256Verifier,
  jsonLogger,
  type WalletStore,
  walletContract,
} from './handler.ts';

const url = Deno.env.get('SUPABASE_URL') ?? '';
const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';
const crossmintKey = Deno.env.get('CROSSMINT_SERVER_API_KEY') ?? '';
const crossmintBaseUrl = Deno.env.get('CROSSMINT_BASE_URL') || undefined;
const allowOrigin = Deno.env.get('ALLOWED_ORIGIN') || '*';
const timeoutMs = Number(Deno.env.get('CROSSMINT_TIMEOUT_MS')) || walletContract.providerTimeoutMs;
const jwtSecret = Deno.env.get('VAULT_JWT_SECRET') ?? '';

// The service role bypasses row-level security: it is the only writer of crossmint_wallet_id
// outside demo mode. It never leaves this function.
const admin = createClient(url, serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });

const store: WalletStore = {
  async walletIdOf(userId) {
    const { data, error } = await admin.from('profiles').select('crossmint_wallet_id').eq('id', userId).maybeSingle();
    if (error) throw new Error(`reading the profile failed: ${error.code}`);
    return data?.crossmint_wallet_id ?? null;
  },
  async saveWalletId(userId, walletId) {
    const { data, error } = await admin
      .from('profiles')
      .update({ crossmint_wallet_id: walletId })
      .eq('id', userId)
      .is('crossmint_wallet_id', null)
      .select('crossmint_wallet_id');
    if (error) throw new Error(`writing the wallet id failed: ${error.code}`);
    if (data && data.length > 0) return walletId;
    const current = await this.walletIdOf(userId);
    if (!current) throw new Error('the profile row is missing');
    return current;
  },
  async demoMode() {
    const { data, error } = await admin.from('app_settings').select('demo_mode').maybeSingle();
    if (error) throw new Error(`reading app_settings failed: ${error.code}`);
    return data?.demo_mode === true;
  },
};

// With the project's (legacy HS256) JWT secret the token is checked here; otherwise Supabase Auth
// checks it (signature, expiry, and that the user still exists), which also works with
// asymmetric signing keys.
const verifyJwt = jwtSecret
  ? hs256Verifier(jwtSecret)
  : async (token: string) => {
      const { data, error } = await admin.auth.getUser(token);
      if (error || !data.user) return null;
      return { id: data.user.id, email: data.user.email };
    };

// PORT only for the local smoke test (deno-serve.test.ts); the edge runtime picks its own.
const port = Number(Deno.env.get('PORT')) || undefined;

Deno.serve({ port, hostname: port ? '127.0.0.1' : undefined }, (request) =>
  handleCreateWallet(request, {
    verifyJwt,
    crossmint: crossmintKey ? crossmintProvider({ apiKey: crossmintKey, baseUrl: crossmintBaseUrl }) : null,
    demo: demoProvider,
    store,
    logger: jsonLogger,
    timeoutMs,
    allowOrigin,
  }),
);
