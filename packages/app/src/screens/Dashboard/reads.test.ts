import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { QueryRef } from '../../data/_query/queryRef';
import { keyNameOf, keyOfHook, keysCalledIn } from '../../test-support/readHooks';

// Each dashboard declares its first reads once (<Role>Dashboard.reads.ts); the first-screen
// preload and the bench start that list. This holds the list to the data hooks the component
// really calls, so a hook added or dropped without the declaration fails here, not silently.
const here = path.dirname(fileURLToPath(import.meta.url));
const dashboards = readdirSync(here)
  .filter((file) => file.endsWith('Dashboard.reads.ts'))
  .map((file) => file.replace('.reads.ts', ''));

describe("the dashboards' declared reads", () => {
  it('covers every role dashboard', () => {
    expect(dashboards.length).toBe(6);
    expect(keyOfHook.size).toBeGreaterThan(10);
  });

  it.each(dashboards)('%s declares exactly the data hooks it calls', async (dashboard) => {
    const called = keysCalledIn([readFileSync(path.join(here, `${dashboard}.tsx`), 'utf8')]);
    const module: Record<string, unknown> = await import(path.join(here, `${dashboard}.reads.ts`));
    const declared = Object.values(module).flatMap((value) => (Array.isArray(value) ? (value as QueryRef[]) : []));
    expect(called.length).toBeGreaterThan(0);
    expect(declared.map(keyNameOf).sort()).toEqual(called);
  });
});
