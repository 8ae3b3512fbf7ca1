import { describe, expect, it, vi } from 'vitest';
import { backendFetch, backendReady, setBackendStarter } from './backendStart';

describe('backendReady', () => {
  it('starts the backend on first need, once, and every later caller waits for the same start', async () => {
    let finish: () => void = () => undefined;
    const start = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    setBackendStarter(start);
    expect(start).not.toHaveBeenCalled();

    const first = backendReady();
    const second = backendReady();
    expect(start).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);

    let settled = false;
    void first.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    finish();
    await first;
    expect(settled).toBe(true);
    await backendReady();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('uses a new starter from the next call on', async () => {
    const before = vi.fn(() => Promise.resolve());
    const after = vi.fn(() => Promise.resolve());
    setBackendStarter(before);
    await backendReady();
    setBackendStarter(after);
    await backendReady();
    expect(before).toHaveBeenCalledTimes(1);
    expect(after).toHaveBeenCalledTimes(1);
  });
});

describe('backendFetch', () => {
  const embedded = () => new Response('{}', { headers: { 'x-vault-backend': 'embedded' } });
  const elsewhere = () => new Response('not found', { status: 404 });

  it('sends a request the backend never saw once more, after one reconnection shared by every such request', async () => {
    const answers = [elsewhere(), elsewhere(), embedded(), embedded()];
    const fetchMock = vi.fn(() => Promise.resolve(answers.shift() ?? elsewhere()));
    vi.stubGlobal('fetch', fetchMock);
    const reconnect = vi.fn(() => Promise.resolve());
    setBackendStarter(() => Promise.resolve(), {
      answered: (response) => response.headers.get('x-vault-backend') === 'embedded',
      reconnect,
    });
    const [first, second] = await Promise.all([
      backendFetch('/rest/v1/rpc/a', { method: 'POST' }),
      backendFetch('/rest/v1/rpc/b', { method: 'POST' }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(reconnect).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    vi.unstubAllGlobals();
  });

  it('answers the first response when the backend answered it, or when no link is set (a real build)', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(elsewhere()));
    vi.stubGlobal('fetch', fetchMock);
    setBackendStarter(() => Promise.resolve());
    expect((await backendFetch('/rest/v1/x')).status).toBe(404);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
