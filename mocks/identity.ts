import { effectiveReader, isDemoAccountId, type Reader, RoleSchema } from '@vault/domain';
import * as v from 'valibot';
import { bearer } from './auth';
import { type JwtClaims, verifyJwt } from './jwt';
import { mockSettings } from './settings';
import { mockDb } from './state';

/**
 * Who a request comes from, as PostgREST and the edge runtime decide it: no bearer, or the anon
 * key as bearer, is `anon`; a valid JWT is its `sub` with the role and admin flag of its
 * `app_metadata` (missing role: investor; an unknown one: investor too, as `vault_role()` would
 * give no route to it); an invalid or expired JWT is refused. A demo account while demo mode is
 * off is a plain investor, whatever its token says (`effectiveReader`, as `vault_role()`).
 */
export type Caller =
  | { kind: 'anon' }
  | { kind: 'member'; id: string; reader: Reader; claims: JwtClaims }
  | { kind: 'refused'; reason: 'invalid' | 'expired' };

export async function identify(request: Request): Promise<Caller> {
  const token = bearer(request);
  if (!token || token === request.headers.get('apikey')) return { kind: 'anon' };
  const verified = await verifyJwt(token);
  if (!verified.ok) return { kind: 'refused', reason: verified.reason };
  const { claims } = verified;
  if (claims.role !== 'authenticated') return { kind: 'anon' };
  const role = v.safeParse(RoleSchema, claims.app_metadata?.role);
  const reader = {
    role: role.success ? role.output : 'investor',
    isAdmin: claims.app_metadata?.is_admin === true,
  } as const;
  if (claims.email) mockDb.ensureAccount({ id: claims.sub, email: claims.email, ...reader });
  const rights = effectiveReader(reader, {
    isDemoAccount: isDemoAccountId(claims.sub),
    demoMode: mockSettings.demoMode,
  });
  return { kind: 'member', id: claims.sub, reader: rights, claims };
}
