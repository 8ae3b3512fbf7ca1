import { RESEARCH_POINTS_MAX } from '@vault/domain';
import { describe, expect, it } from 'vitest';
import { applyDemoParam, isDemoMode } from '../demo/demoMode';
import { memoryStorage, storageKeys } from './local';
import { dismissNudge, isNudgeDismissed } from './nudges';
import { addResearchPoint, getResearchPoints } from './researchPoints';

describe('nudge dismissal flags', () => {
  it("sets the page's flag to '1' and leaves other pages alone", () => {
    const storage = memoryStorage();
    dismissNudge('opportunities', storage);
    expect(storage.getItem(storageKeys.nudgeDismissed('opportunities'))).toBe('1');
    expect(isNudgeDismissed('opportunities', storage)).toBe(true);
    expect(isNudgeDismissed('documents', storage)).toBe(false);
  });
});

describe('research points', () => {
  it('counts up to the cap and no further', () => {
    const storage = memoryStorage();
    for (let i = 0; i < RESEARCH_POINTS_MAX + 3; i++) addResearchPoint(storage);
    expect(getResearchPoints(storage)).toBe(RESEARCH_POINTS_MAX);
  });

  it.each(['-4', 'abc', '', '99'])('reads %j safely', (value) => {
    const storage = memoryStorage({ [storageKeys.researchPoints]: value });
    expect(getResearchPoints(storage)).toBeGreaterThanOrEqual(0);
    expect(getResearchPoints(storage)).toBeLessThanOrEqual(RESEARCH_POINTS_MAX);
  });
});

describe('demo mode', () => {
  it('turns on with 1 or true, off with 0 or false, and ignores anything else', () => {
    const tab = memoryStorage();
    expect(applyDemoParam('?demo=1', tab)).toBe(true);
    expect(applyDemoParam('?page=2', tab)).toBe(true);
    expect(applyDemoParam('?demo=maybe', tab)).toBe(true);
    expect(applyDemoParam('?demo=false', tab)).toBe(false);
    expect(applyDemoParam('?demo=TRUE', tab)).toBe(true);
    expect(applyDemoParam('?demo=0', tab)).toBe(false);
    expect(isDemoMode(tab)).toBe(false);
  });
});
