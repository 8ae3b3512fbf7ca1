/** Small stable identifiers and derived figures. */

/** FNV-1a: a small, stable string hash, so derived figures stay the same for one id. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Weekly explorers of an opportunity: 12 plus a value under 19, stable per id (docs/product.md §2). */
export function explorersThisWeek(opportunityId: string): number {
  return 12 + (stableHash(opportunityId) % 19);
}

const CORRELATION_PREFIX = 'vault';

/** A request correlation id: prefix, a time part and a random part (docs/product.md §7). */
export function correlationId(now: number = Date.now(), random: () => number = Math.random): string {
  const randomPart = Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0');
  return `${CORRELATION_PREFIX}-${now.toString(36)}-${randomPart}`;
}

/** A stable user id for an email, so the profile row survives sign-out and sign-in (docs/decisions.md (1)). */
export function userIdForEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  const a = stableHash(normalized).toString(16).padStart(8, '0');
  const b = stableHash(`vault:${normalized}`).toString(16).padStart(8, '0');
  return `user-${a}${b}`;
}

/** The display name derived from an email: 'jane.doe@x.eu' gives 'Jane Doe'. */
export function nameFromEmail(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  const words = local.split(/[._+-]+/).filter((w) => w !== '');
  if (words.length === 0) return 'Member';
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}
