import { signedOut } from '@vault/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoadOptions, TableResult } from '../../backend/tables';

interface Call {
  table: string;
  options: LoadOptions;
  resolve: (result: TableResult<unknown>) => void;
}
const calls: Call[] = [];

// The backend stands still until a test answers: each load waits for `resolve`. The cache imports
// the backend module on its first request, so a request is seen after a tick.
vi.mock('../../backend/tables', () => ({
  loadSampleTable: (table: string, options: LoadOptions = {}) =>
    new Promise<TableResult<unknown>>((resolve) => calls.push({ table, options, resolve })),
}));

const { clearQueries, prefetch, queryKey, readQuery, retryQuery, subscribeQuery } = await import('./cache');
const { prefetchFirstScreenReads } = await import('../../screens/firstScreenReads');
const { setQueryScope } = await import('./scope');

const solar = { id: 'solar', name: 'Solar' };
const wind = { id: 'wind', name: 'Wind' };
const tick = async () => {
  await vi.dynamicImportSettled();
  await new Promise((resolve) => setTimeout(resolve, 0));
};
const answer = async (call: Call | undefined, rows: unknown[]) => {
  call?.resolve({ ok: true, rows });
  await tick();
};

beforeEach(() => {
  clearQueries();
  calls.length = 0;
});
afterEach(() => clearQueries());

describe('the query cache', () => {
  it('sends one request for two followers of the same query (dedupe)', async () => {
    const stop = [subscribeQuery('documents', {}, () => {}), subscribeQuery('documents', {}, () => {})];
    await tick();
    expect(calls.map((c) => c.table)).toEqual(['documents']);
    await answer(calls[0], [solar]);
    expect(readQuery('documents')).toMatchObject({ status: 'ready', rows: [solar] });
    for (const s of stop) s();
  });

  it('answers a query it has from the cache: from the detail to the investment flow fetches nothing', async () => {
    const stop = subscribeQuery('opportunity_details', { id: 'solar' }, () => {});
    await tick();
    await answer(calls[0], [solar]);
    stop();
    await tick();
    // The investment flow asks for the same rows.
    expect(readQuery('opportunity_details', { id: 'solar' })).toMatchObject({ status: 'ready', rows: [solar] });
    subscribeQuery('opportunity_details', { id: 'solar' }, () => {})();
    await tick();
    expect(calls).toHaveLength(1);
  });

  it("answers one opportunity from the list's rows, without a request", async () => {
    subscribeQuery('opportunities', {}, () => {});
    await tick();
    await answer(calls[0], [solar, wind]);
    expect(readQuery('opportunities', { id: 'wind' })).toMatchObject({ status: 'ready', rows: [wind] });
    subscribeQuery('opportunities', { id: 'wind' }, () => {});
    await tick();
    expect(calls).toHaveLength(1);
  });

  it('cancels a request when its last follower leaves, and keeps it while another stays', async () => {
    const first = subscribeQuery('loans', {}, () => {});
    const second = subscribeQuery('loans', {}, () => {});
    first();
    await tick();
    expect(calls[0]?.options.signal?.aborted).toBe(false);
    second();
    await tick();
    expect(calls[0]?.options.signal?.aborted).toBe(true);
    // Forgotten: the next follower asks again.
    subscribeQuery('loans', {}, () => {});
    await tick();
    expect(calls).toHaveLength(2);
  });

  it("keeps the next screen's query when the previous screen leaves after a clear (a story's switch)", async () => {
    // The previous screen's query is still in flight when everything is cleared; the next screen
    // follows the same table before the previous one's follower leaves.
    const previous = subscribeQuery('investments', {}, () => {});
    await tick();
    clearQueries();
    const seen: string[] = [];
    subscribeQuery('investments', {}, () => seen.push(readQuery('investments').status));
    previous();
    await tick();
    expect(calls).toHaveLength(2);
    await answer(calls[1], [solar]);
    expect(readQuery('investments')).toMatchObject({ status: 'ready', rows: [solar] });
    expect(seen).toEqual(['ready']);
  });

  it('keeps a request a follower leaves and rejoins at once (a re-render)', async () => {
    subscribeQuery('loans', {}, () => {})();
    subscribeQuery('loans', {}, () => {});
    await tick();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.options.signal?.aborted).toBe(false);
  });

  it('tells followers of each change and asks again on Retry, as a Retry', async () => {
    const seen: string[] = [];
    subscribeQuery('documents', {}, () => seen.push(readQuery('documents').status));
    await tick();
    calls[0]?.resolve({ ok: false, error: 'Could not load documents' });
    await tick();
    expect(readQuery('documents')).toMatchObject({ status: 'error', error: 'Could not load documents' });
    retryQuery('documents');
    await tick();
    expect(calls[1]?.options.retry).toBe(true);
    await answer(calls[1], []);
    expect(seen).toEqual(['error', 'loading', 'ready']);
  });

  it("starts the opportunity detail's two requests together, before either answers", async () => {
    prefetchFirstScreenReads('opportunityDetail', { id: 'solar' }, signedOut);
    await tick();
    expect(calls.map((c) => [c.table, c.options.eq])).toEqual([
      ['opportunity_details', { id: 'solar' }],
      ['opportunities', { id: 'solar' }],
    ]);
  });

  it('a prefetched query is joined by its screen, not asked again', async () => {
    prefetch('documents');
    subscribeQuery('documents', {}, () => {});
    await tick();
    expect(calls).toHaveLength(1);
    await answer(calls[0], [solar]);
    prefetch('documents');
    await tick();
    expect(calls).toHaveLength(1);
  });

  it("empties itself for another user, so nobody sees the previous user's rows", async () => {
    setQueryScope('user-a');
    subscribeQuery('documents', {}, () => {});
    await tick();
    await answer(calls[0], [solar]);
    setQueryScope('user-a');
    expect(readQuery('documents').status).toBe('ready');
    setQueryScope('user-b');
    expect(readQuery('documents').status).toBe('loading');
  });

  it('keys filters by value, in any order', () => {
    expect(queryKey('opportunities', { b: '2', a: '1' })).toBe(queryKey('opportunities', { a: '1', b: '2' }));
    expect(queryKey('opportunities', {})).toBe('opportunities');
  });
});
