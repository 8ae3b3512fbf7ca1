/** Demo mode (docs/decisions.md (3)): ?demo=1 or ?demo=true turns it on, 0 or false off. */

/** True for the values that turn demo mode on. */
export function isDemoFlag(value: string | null | undefined): boolean {
  return demoParam(value) === 'on';
}

/** What a ?demo= value asks for: 'on', 'off', or null for absent or anything else (no change). */
export function demoParam(value: string | null | undefined): 'on' | 'off' | null {
  const v = value?.trim().toLowerCase();
  if (v === '1' || v === 'true') return 'on';
  if (v === '0' || v === 'false') return 'off';
  return null;
}
