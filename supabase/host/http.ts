/**
 * What the host's three services share: JSON answers, the bearer of a request, and who a request
 * comes from as PostgREST decides it (the JWT's `role` claim, or anon for the anon key).
 */
import type { JwtSigner } from './jwt.ts';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
  contentType = 'application/json; charset=utf-8',
): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': contentType, ...headers } });
}

/** The bearer token of a request, if any. */
export function bearerOf(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

/** The database roles a request may take, as on a Supabase project. */
export type DbRole = 'anon' | 'authenticated' | 'service_role';

export type Caller =
  | { ok: true; role: DbRole; claims: Record<string, unknown> }
  | { ok: false; reason: 'invalid' | 'expired' };

/**
 * PostgREST's rule: no bearer is anon; a valid JWT takes the role its `role` claim names, with
 * its payload as `request.jwt.claims`; a bearer that is not a valid JWT is refused. `anonKeys`
 * are opaque anon keys also taken as anon (a placeholder key an embedded build sends).
 */
export async function callerOf(request: Request, signer: JwtSigner, anonKeys: readonly string[]): Promise<Caller> {
  const token = bearerOf(request) ?? request.headers.get('apikey');
  if (!token || anonKeys.includes(token)) return { ok: true, role: 'anon', claims: { role: 'anon' } };
  const verified = await signer.verify(token);
  if (!verified.ok) return verified;
  const role = verified.claims.role;
  if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') return { ok: false, reason: 'invalid' };
  return { ok: true, role, claims: verified.claims };
}

/** A Postgres error's fields, as PGlite raises them. */
export interface PgErrorFields {
  code: string;
  message: string;
  detail: string | null;
  hint: string | null;
}

export function pgErrorFields(error: unknown): PgErrorFields | null {
  if (!isRecord(error) && !(error instanceof Error)) return null;
  const fields = error as unknown as Record<string, unknown>;
  if (typeof fields.code !== 'string' || !/^[0-9A-Z]{5}$/.test(fields.code)) return null;
  return {
    code: fields.code,
    message: typeof fields.message === 'string' ? fields.message : String(fields.message),
    detail: typeof fields.detail === 'string' ? fields.detail : null,
    hint: typeof fields.hint === 'string' ? fields.hint : null,
  };
}
