import { roleIds } from '@vault/domain';
import { saveState } from './backendCalls';
import { test } from './fixtures';
import { readyInvestor, signInAs } from './steps';

/**
 * The signed-in states the journeys share (fixtures.ts, stateFile): each made once per run by
 * signing in through the UI, as a person would, not by writing storage keys, so they hold
 * whatever the app keeps for a session. Runs before the journeys (the 'setup' project).
 */
for (const role of roleIds) {
  test(`sign in as ${role} through the demo accounts`, async ({ page, watch }) => {
    await signInAs(page, role);
    await saveState(page, role);
    watch.expectClean();
  });
}

test('an investor onboarded through the UI: wallet, KYC, first on-ramp', async ({ page, watch }) => {
  test.slow();
  await readyInvestor(page);
  await saveState(page, 'readyInvestor');
  watch.expectClean();
});
