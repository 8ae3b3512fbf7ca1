import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The Deno entry type-checks on Deno (the npm package `deno` ships the binary). deno.json maps
 * supabase-js to npm; here it is read from the workspace node_modules (--node-modules-dir=manual),
 * so nothing is downloaded. A deploy resolves it from npm as usual.
 */
const here = fileURLToPath(new URL('.', import.meta.url));
const deno = fileURLToPath(new URL('../../../node_modules/.bin/deno', import.meta.url));

describe('the Deno entry', () => {
  it.skipIf(!existsSync(deno))(
    'passes deno check (index.ts and the handler it wires)',
    async () => {
      const { stderr } = await promisify(execFile)(
        deno,
        ['check', '--quiet', '--node-modules-dir=manual', 'index.ts'],
        {
          cwd: here,
          timeout: 120_000,
          env: { ...process.env, NO_COLOR: '1' },
        },
      );
      expect(stderr).not.toMatch(/error/i);
    },
    150_000,
  );
});
