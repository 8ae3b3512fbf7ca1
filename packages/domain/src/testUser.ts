import type { Role } from './roles';
import type { User } from './session';

/** A user for the domain's tests: a fresh account of a role (nothing done yet), then the patch. */
export function testUser(role: Role, patch: Partial<User> = {}): User {
  return {
    id: 'u-1',
    name: 'Ada',
    email: 'ada@example.eu',
    role,
    kycStatus: 'unknown',
    firstOnrampOk: false,
    ...patch,
  };
}
