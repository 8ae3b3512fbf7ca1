import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isComingSoon, type ScreenKey, screenKeys } from '@vault/domain';
import { describe, expect, it } from 'vitest';
import { keyNameOf, keysCalledIn } from '../test-support/readHooks';
import { sessionAs } from '../test-support/sessions';
import { firstScreenReads } from './firstScreenReads';

// What a screen's first-screen preload starts (firstScreenReads.ts) is held to the table reads its
// folder's code calls: a read added to a screen without it, or one left behind, fails here. A read
// made only after the person acts is named in readLater instead.
const here = path.dirname(fileURLToPath(import.meta.url));
const isScreenCode = (file: string) => /\.tsx?$/.test(file) && !/\.(stories|test|reads)\.tsx?$/.test(file);

/** Reads a screen makes only after the person acts, so its first render does not start them. */
const readLater: Partial<Record<ScreenKey, readonly string[]>> = {
  // Step 4 reads the submitted investment back from the member's investments.
  investmentFlow: ['investmentsQuery'],
};

/** The screens with a folder of their own; the dashboards are held by Dashboard/reads.test.ts. */
const screens = screenKeys.filter((screen) => !isComingSoon(screen) && screen !== 'dashboard');

describe("the screens' first reads", () => {
  it.each(screens)('%s starts exactly the table reads its code calls', (screen) => {
    // screens/<PascalKey>/, as router/screenRegistry.ts loads it (importing it here would load the UI).
    const folder = path.join(here, `${screen.charAt(0).toUpperCase()}${screen.slice(1)}`);
    const sources = readdirSync(folder)
      .filter(isScreenCode)
      .map((file) => readFileSync(path.join(folder, file), 'utf8'));
    expect(sources.length).toBeGreaterThan(0);
    const declared = firstScreenReads(screen, { id: 'an-id' }, sessionAs('investor')).map(keyNameOf);
    const later = readLater[screen] ?? [];
    const called = keysCalledIn(sources);
    expect(later.every((key) => called.includes(key))).toBe(true);
    expect([...new Set(declared)].sort()).toEqual(called.filter((key) => !later.includes(key)));
  });
});
