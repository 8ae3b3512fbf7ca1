import {
  FunctionsFetchError,
  FunctionsHttpError,
  FunctionsRelayError,
  type SupabaseClient,
} from '@supabase/supabase-js';
import { BACKEND_TIMEOUT_MS, backendMessages, correlationId, readCreateWalletResponse } from '@vault/domain';
import { type CallResult, messageOf } from './callResult';
import { TimeoutError, withCallTimeout } from './timeout';

const CREATE_WALLET_FUNCTION = 'create-crossmint-wallet';
/** The header that makes a retried wallet request return the first one's answer (docs/backend.md). */
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export type CreateWalletResult = CallResult<{ walletId: string }>;

export interface CreateWalletOptions {
  /** Demo mode: the server makes a demo wallet id (`demo_create_wallet`) instead of calling the function. */
  demo?: boolean;
  /** One key per attempt by the member; a retry of the same attempt sends the same key. */
  idempotencyKey: string;
  timeoutMs?: number;
}

/**
 * Creates the member's self-custodial wallet (docs/product.md §7). Outside demo mode it invokes
 * the wallet function with `{ userId }`, a correlation id and an idempotency key (the function
 * takes the user from the token, not from the body); in demo mode it calls `demo_create_wallet()`,
 * which makes a demo wallet id on the server. Never throws: the screen shows 'Failed to create wallet' with `error`.
 */
export async function createWallet(
  client: SupabaseClient,
  userId: string,
  options: CreateWalletOptions,
): Promise<CreateWalletResult> {
  if (!userId) return { ok: false, error: 'A signed-in user is needed to create a wallet' };
  // A double click, or two screens asking at once, share one request (docs/decisions.md, quality bars).
  const pending = inFlight.get(userId);
  if (pending) return pending;
  const timeoutMs = options.timeoutMs ?? BACKEND_TIMEOUT_MS.wallet;
  const request = (
    options.demo
      ? createDemoWallet(client, timeoutMs)
      : invokeWalletFunction(client, userId, options.idempotencyKey, timeoutMs)
  ).finally(() => inFlight.delete(userId));
  inFlight.set(userId, request);
  return request;
}

const inFlight = new Map<string, Promise<CreateWalletResult>>();

async function invokeWalletFunction(
  client: SupabaseClient,
  userId: string,
  idempotencyKey: string,
  timeoutMs: number,
): Promise<CreateWalletResult> {
  try {
    const { data, error } = await withCallTimeout(
      (signal) =>
        client.functions.invoke(CREATE_WALLET_FUNCTION, {
          body: { userId },
          headers: { 'x-correlation-id': correlationId(), [IDEMPOTENCY_HEADER]: idempotencyKey },
          signal,
        }),
      timeoutMs,
      backendMessages.walletTimedOut,
    );
    if (error) return { ok: false, error: await functionErrorMessage(error) };
    return readCreateWalletResponse(data);
  } catch (error) {
    if (error instanceof TimeoutError) return { ok: false, error: error.message };
    return { ok: false, error: `The wallet service could not be reached: ${messageOf(error)}` };
  }
}

/** supabase-js wraps each failure in its own class; each gets a message a person can act on. */
async function functionErrorMessage(error: unknown): Promise<string> {
  if (error instanceof FunctionsHttpError) {
    const response: unknown = error.context;
    const status = response instanceof Response ? response.status : undefined;
    const detail = response instanceof Response ? await bodyMessage(response) : null;
    const base = `The wallet service failed${status ? ` (HTTP ${status})` : ''}`;
    return detail ? `${base}: ${detail}` : base;
  }
  if (error instanceof FunctionsFetchError) {
    return 'The wallet service could not be reached. Please check your connection and try again.';
  }
  if (error instanceof FunctionsRelayError) return 'The wallet service is unavailable right now. Please try again.';
  if (error instanceof SyntaxError) return 'The wallet service sent an answer that could not be read';
  return messageOf(error, 'The wallet service reported a failure');
}

async function bodyMessage(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.clone().json();
    if (typeof body === 'object' && body !== null) {
      const { error, message } = body as { error?: unknown; message?: unknown };
      if (typeof error === 'string' && error !== '') return error;
      if (typeof message === 'string' && message !== '') return message;
    }
  } catch {
    // Not JSON: the status alone says enough.
  }
  return null;
}

/**
 * Demo mode: `demo_create_wallet()` makes the member's demo wallet id on the server, the one rule
 * both backends keep (the wallet id is server-owned; a client PATCH of it is refused). It answers
 * the wallet id, the existing one when the member already has a wallet.
 */
async function createDemoWallet(client: SupabaseClient, timeoutMs: number): Promise<CreateWalletResult> {
  try {
    const { data, error } = await withCallTimeout(
      (signal) => client.rpc('demo_create_wallet').abortSignal(signal),
      timeoutMs,
      backendMessages.walletTimedOut,
    );
    if (error) return { ok: false, error: `The demo wallet could not be created: ${messageOf(error)}` };
    if (typeof data !== 'string' || data === '')
      return { ok: false, error: 'The demo wallet could not be created: the server answered no wallet id' };
    return { ok: true, walletId: data };
  } catch (error) {
    if (error instanceof TimeoutError) return { ok: false, error: error.message };
    return { ok: false, error: `The demo wallet could not be created: ${messageOf(error)}` };
  }
}
