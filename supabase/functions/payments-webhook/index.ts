// The Deno entry of the payments-webhook edge function (Stripe → Vault): it wires the real
// dependencies into handler.ts, which holds every rule and is tested under Node.
// docs/backend.md "Edge functions" lists the secrets.
import { jsonLogger } from '../_shared/logger.ts';
import { platformFromEnv, serveOptions } from '../_shared/platform.ts';
import { defaultServerTimeoutMs } from '../_shared/session.ts';
import { handlePaymentsWebhook, postgrestPaymentsWebhookStore } from './handler.ts';

const env = (name: string) => Deno.env.get(name);
const secret = env('STRIPE_WEBHOOK_SECRET') ?? '';
if (!secret) jsonLogger.error('STRIPE_WEBHOOK_SECRET is not set: every event is refused', { fn: 'payments-webhook' });
const platform = platformFromEnv(env, 0);

const deps = {
  logger: jsonLogger,
  serverTimeoutMs: Number(env('VAULT_SERVER_TIMEOUT_MS')) || defaultServerTimeoutMs,
  // Without a secret no signature can match: an empty key would make forging trivial.
  secret: secret || crypto.randomUUID(),
  store: postgrestPaymentsWebhookStore(platform.rest),
};

Deno.serve(serveOptions(env), (request) => handlePaymentsWebhook(request, deps));
