import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { correlationId, demoWalletId, readCreateWalletResponse, type User } from '@vault/domain';
import { backend } from './client';
import { messageOf, type Result } from './result';

export const CREATE_WALLET_FUNCTION = 'create-crossmint-wallet';

export type CreateWalletResult = Result<{ walletId: string }>;

/**
 * Creates the user's self-custodial wallet (SPEC.md 7). Outside demo mode it invokes the wallet
 * function with `{ userId }` and a correlation id; in demo mode it writes a fake wallet id to the
 * profile row instead. Never throws: the screen shows 'Failed to create wallet' with `error`.
 */
export async function createWallet(
  user: Pick<User, 'id'> | null,
  { demo = false }: { demo?: boolean } = {},
): Promise<CreateWalletResult> {
  if (!user?.id) return { ok: false, error: 'A signed-in user is needed to create a wallet' };
  // A double click, or two screens asking at once, share one request (PRODUCT.md quality bars).
  const pending = inFlight.get(user.id);
  if (pending) return pending;
  const request = (demo ? createDemoWallet(user.id) : invokeWalletFunction(user.id)).finally(() =>
    inFlight.delete(user.id),
  );
  inFlight.set(user.id, request);
  return request;
}

const inFlight = new Map<string, Promise<CreateWalletResult>>();

async function invokeWalletFunction(userId: string): Promise<CreateWalletResult> {
  try {
    const { data, error } = await backend().client.functions.invoke(CREATE_WALLET_FUNCTION, {
      body: { userId },
      headers: { 'x-correlation-id': correlationId() },
    });
    if (error) return { ok: false, error: await functionErrorMessage(error) };
    return readCreateWalletResponse(data);
  } catch (error) {
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

async function createDemoWallet(userId: string): Promise<CreateWalletResult> {
  const walletId = demoWalletId(userId);
  try {
    const { error } = await backend()
      .client.from('profiles')
      .update({ crossmint_wallet_id: walletId, updated_at: new Date().toISOString() })
      .eq('id', userId);
    if (error) return { ok: false, error: `The demo wallet could not be saved: ${messageOf(error)}` };
    return { ok: true, walletId };
  } catch (error) {
    return { ok: false, error: `The demo wallet could not be saved: ${messageOf(error)}` };
  }
}
