// The Deno entry of the onramp-session edge function: it wires the real dependencies into
// handler.ts, which holds every rule and is tested under Node. docs/backend.md "Edge functions"
// lists the secrets.
import { parseAllowedOrigins } from '../_shared/http.ts';
import { platformFromEnv, serveOptions } from '../_shared/platform.ts';
import {
  demoPaymentProvider,
  handleOnrampSession,
  onrampSessionContract,
  postgrestOnrampStore,
  stripeProvider,
} from './handler.ts';

const env = (name: string) => Deno.env.get(name);
const stripeKey = env('STRIPE_SECRET_KEY') ?? '';
const platform = platformFromEnv(env, Number(env('STRIPE_TIMEOUT_MS')) || onrampSessionContract.providerTimeoutMs);
// Where Stripe sends the member back: the request's page of the app (/wallet by default) on the
// app's (first) allowed origin.
const appOrigin = parseAllowedOrigins(env('ALLOWED_ORIGIN'))[0] ?? '';

const deps = {
  ...platform.session,
  payments:
    stripeKey && appOrigin
      ? stripeProvider({
          secretKey: stripeKey,
          appOrigin,
          baseUrl: env('STRIPE_BASE_URL') || undefined,
        })
      : null,
  demo: demoPaymentProvider,
  store: postgrestOnrampStore(platform.rest, platform.demoMode),
};

Deno.serve(serveOptions(env), (request) => handleOnrampSession(request, deps));
