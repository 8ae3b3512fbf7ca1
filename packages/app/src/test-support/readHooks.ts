import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { QueryRef } from '../data/_query/queryRef';

// The data layer's table reads, read from its files: the tests that hold a screen's declared first
// reads to the hooks it calls (screens/firstScreenReads.test.ts, screens/Dashboard/reads.test.ts).
const dataDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../data');
const entities = readdirSync(dataDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => entry.name);

/** Every entity's query hook by name, with the name of the key it reads (data/<entity>/queries.ts). */
export const keyOfHook = new Map<string, string>();
/** Every entity's query key by name (data/<entity>/keys.ts): a query, or a function of an id to one. */
const keyByName = new Map<string, unknown>();
for (const entity of entities) {
  const files = readdirSync(path.join(dataDir, entity));
  if (files.includes('queries.ts')) {
    const source = readFileSync(path.join(dataDir, entity, 'queries.ts'), 'utf8');
    for (const [, hook, key] of source.matchAll(/export const (use\w+) = [^=]*=> useRead\((\w+)/g))
      if (hook && key) keyOfHook.set(hook, key);
  }
  if (files.includes('keys.ts')) {
    const keys: Record<string, unknown> = await import(path.join(dataDir, entity, 'keys.ts'));
    for (const [name, value] of Object.entries(keys)) keyByName.set(name, value);
  }
}

/** The names of the query keys read by the hooks these sources call. */
export function keysCalledIn(sources: readonly string[]): string[] {
  const keys = sources
    .flatMap((source) => [...source.matchAll(/\b(use[A-Z]\w*)\(/g)])
    .map(([, hook]) => (hook ? keyOfHook.get(hook) : undefined))
    .filter((key): key is string => key !== undefined);
  return [...new Set(keys)].sort();
}

/** The name of the key a declared query comes from: the key itself, or what its function returns. */
export function keyNameOf(query: QueryRef): string {
  for (const [name, key] of keyByName) {
    if (key === query) return name;
    if (typeof key !== 'function') continue;
    // A key function takes one id (an opportunity's, a member's): try each filter value as it.
    for (const value of Object.values(query.eq ?? {})) {
      if (JSON.stringify(key(value)) === JSON.stringify(query)) return name;
    }
  }
  return 'a key of no entity';
}
