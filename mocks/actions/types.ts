import type { BackendError, Reader } from '@vault/domain';
import type { JsonBodyType } from 'msw';

/**
 * Who calls a server action: PostgREST's anon, a signed-in member (their effective reader), or
 * the service role (the embedded edge functions' demo providers, never a browser request).
 */
export type ActionCaller = { kind: 'anon' } | { kind: 'member'; id: string; reader: Reader } | { kind: 'service' };

/** A server action's answer: the function's return value, or the error it raised. */
export type ActionAnswer = { ok: true; value: JsonBodyType } | { ok: false; error: BackendError };

/** One server function of the embedded backend, with its JSON arguments as PostgREST passes them. */
export type MockAction = (caller: ActionCaller, args: Readonly<Record<string, unknown>>) => ActionAnswer;

export type MockActions = Readonly<Record<string, MockAction>>;
