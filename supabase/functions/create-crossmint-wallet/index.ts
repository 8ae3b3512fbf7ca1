// The Deno entry of the create-crossmint-wallet edge function: it wires the real dependencies
// into handler.ts, which holds every rule and is tested under Node. docs/backend.md "Edge
// functions" lists the secrets.
import { platformFromEnv, serveOptions } from '../_shared/platform.ts';
import {
  crossmintProvider,
  demoProvider,
  handleCreateWallet,
  postgrestWalletStore,
  walletContract,
} from './handler.ts';

const env = (name: string) => Deno.env.get(name);
const crossmintKey = env('CROSSMINT_SERVER_API_KEY') ?? '';
const platform = platformFromEnv(env, Number(env('CROSSMINT_TIMEOUT_MS')) || walletContract.providerTimeoutMs);

// The service role bypasses row-level security: it is the only writer of crossmint_wallet_id.
// Its key never leaves this function.
const deps = {
  ...platform.session,
  crossmint: crossmintKey
    ? crossmintProvider({ apiKey: crossmintKey, baseUrl: env('CROSSMINT_BASE_URL') || undefined })
    : null,
  demo: demoProvider,
  store: postgrestWalletStore(platform.rest, platform.demoMode),
};

Deno.serve(serveOptions(env), (request) => handleCreateWallet(request, deps));
