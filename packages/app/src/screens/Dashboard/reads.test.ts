import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Each dashboard declares its first reads once (<Role>Dashboard.reads.ts); the first-screen
// preload and the bench start that list. This holds the list to the data hooks the component
// really calls, so a hook added or dropped without the declaration fails here, not silently.
const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = path.join(here, '../../data');
const entities = readdirSync(dataDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => entry.name);

/** Every entity's query hook, by name, with the name of the key it reads (data/<entity>/queries.ts). */
const keyOfHook = new Map<string, string>();
/** Every entity's query key, by value, with its name (data/<entity>/keys.ts). */
const nameOfKey = new Map<unknown, string>();
for (const entity of entities) {
  const queries = path.join(dataDir, entity, 'queries.ts');
  const keysFile = path.join(dataDir, entity, 'keys.ts');
  if (readdirSync(path.join(dataDir, entity)).includes('queries.ts')) {
    for (const [, hook, key] of readFileSync(queries, 'utf8').matchAll(
      /export const (use\w+) = [^=]*=> useRead\((\w+)/g,
    ))
      if (hook && key) keyOfHook.set(hook, key);
  }
  if (readdirSync(path.join(dataDir, entity)).includes('keys.ts')) {
    const keys: Record<string, unknown> = await import(keysFile);
    for (const [name, value] of Object.entries(keys)) nameOfKey.set(value, name);
  }
}

const dashboards = readdirSync(here)
  .filter((file) => file.endsWith('Dashboard.reads.ts'))
  .map((file) => file.replace('.reads.ts', ''));

describe("the dashboards' declared reads", () => {
  it('covers every role dashboard', () => {
    expect(dashboards.length).toBe(6);
    expect(keyOfHook.size).toBeGreaterThan(10);
  });

  it.each(dashboards)('%s declares exactly the data hooks it calls', async (dashboard) => {
    const source = readFileSync(path.join(here, `${dashboard}.tsx`), 'utf8');
    const called = [...source.matchAll(/\b(use[A-Z]\w*)\(/g)]
      .map(([, hook]) => (hook ? keyOfHook.get(hook) : undefined))
      .filter((key): key is string => key !== undefined);
    const module: Record<string, unknown> = await import(path.join(here, `${dashboard}.reads.ts`));
    const declared = Object.values(module).flatMap((value) => (Array.isArray(value) ? value : []));
    expect(called.length).toBeGreaterThan(0);
    expect(declared.map((key) => nameOfKey.get(key) ?? 'a key of no entity').sort()).toEqual(
      [...new Set(called)].sort(),
    );
  });
});
