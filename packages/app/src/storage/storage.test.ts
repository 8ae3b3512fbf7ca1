import { RESEARCH_POINTS_MAX } from '@vault/domain';
import { describe, expect, it } from 'vitest';
import { applyDemoParam, isDemoMode } from '../display/demoMode';
import { memoryStorage, storageKeys } from './browserStorage';
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

describe('the session area (supabase-js storage adapter)', () => {
  it('writes to localStorage when remembered, to sessionStorage when not, never both', async () => {
    const { createSessionArea, AUTH_STORAGE_KEY } = await import('./sessionArea');
    const local = memoryStorage();
    const tab = memoryStorage();
    const area = createSessionArea(local, tab);
    area.adapter.setItem(AUTH_STORAGE_KEY, '{"a":1}');
    expect(local.getItem(AUTH_STORAGE_KEY)).toBe('{"a":1}');
    area.setRemembered(false);
    area.adapter.setItem(AUTH_STORAGE_KEY, '{"b":2}');
    expect(tab.getItem(AUTH_STORAGE_KEY)).toBe('{"b":2}');
    expect(local.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(area.adapter.getItem(AUTH_STORAGE_KEY)).toBe('{"b":2}');
    // A reload of this tab keeps its tab-only session, even with another one remembered.
    local.setItem(AUTH_STORAGE_KEY, '{"other":1}');
    expect(createSessionArea(local, tab).adapter.getItem(AUTH_STORAGE_KEY)).toBe('{"b":2}');
    area.clear();
    expect(tab.length + local.length).toBe(0);
  });
});

describe('demo mode needs the backend to offer it', () => {
  it('a real backend that says no keeps demo mode off even with ?demo=1', async () => {
    const { checkDemoAvailability, isDemoOffered, resetDemoAvailability } = await import('../display/demoMode');
    const tab = memoryStorage();
    applyDemoParam('?demo=1', tab);
    resetDemoAvailability('unknown');
    await checkDemoAvailability(async () => false);
    expect(isDemoOffered(tab)).toBe(false);
    resetDemoAvailability('unknown');
    await checkDemoAvailability(async () => true);
    expect(isDemoOffered(tab)).toBe(true);
    resetDemoAvailability();
  });
});
