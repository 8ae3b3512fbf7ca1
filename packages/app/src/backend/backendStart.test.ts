import { describe, expect, it, vi } from 'vitest';
import { backendReady, setBackendStarter } from './backendStart';

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
