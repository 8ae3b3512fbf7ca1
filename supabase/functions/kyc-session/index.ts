// The Deno entry of the kyc-session edge function: it wires the real dependencies into
// handler.ts, which holds every rule and is tested under Node. docs/backend.md "Edge functions"
// lists the secrets.
import { platformFromEnv, serveOptions } from '../_shared/platform.ts';
import {
  demoKycProvider,
  handleKycSession,
  kycSessionContract,
  postgrestKycSessionStore,
  sumsubProvider,
} from './handler.ts';

const env = (name: string) => Deno.env.get(name);
const appToken = env('SUMSUB_APP_TOKEN') ?? '';
const secretKey = env('SUMSUB_SECRET_KEY') ?? '';
const platform = platformFromEnv(env, Number(env('SUMSUB_TIMEOUT_MS')) || kycSessionContract.providerTimeoutMs);

const deps = {
  ...platform.session,
  kyc:
    appToken && secretKey
      ? sumsubProvider({
          appToken,
          secretKey,
          levelName: env('SUMSUB_LEVEL_NAME') || 'basic-kyc-level',
          baseUrl: env('SUMSUB_BASE_URL') || undefined,
        })
      : null,
  demo: demoKycProvider,
  store: postgrestKycSessionStore(platform.rest, platform.demoMode),
};

Deno.serve(serveOptions(env), (request) => handleKycSession(request, deps));
