import { describe, expect, it } from 'vitest';
import type { CallResult } from '../backend/callResult';
import { createConsoleAction } from './useConsoleAction';

type Decision = 'approved' | 'rejected';

/** A call whose answer the test gives when it wants, to look at the state while it runs. */
function deferredCall<T = Record<never, never>>() {
  let answer: (result: CallResult<T>) => void = () => {};
  let calls = 0;
  const call = () => {
    calls += 1;
    return new Promise<CallResult<T>>((resolve) => {
      answer = resolve;
    });
  };
  return { call, answer: (result: CallResult<T>) => answer(result), calls: () => calls };
}

describe('createConsoleAction (the state behind useConsoleAction)', () => {
  it('starts with no dialog, no call, no message and version 0', () => {
    expect(createConsoleAction<Decision>().getState()).toEqual({
      dialog: null,
      pending: null,
      error: null,
      done: null,
      version: 0,
    });
  });

  it('a failed call keeps the dialog open with the error, and does not refresh the list', async () => {
    const action = createConsoleAction<Decision>();
    action.open('rejected');
    const ok = await action.run(
      'rejected',
      async () => ({ ok: false, error: 'only a pending KYC can be reviewed' }),
      'x',
    );
    expect(ok).toBe(false);
    expect(action.getState()).toEqual({
      dialog: 'rejected',
      pending: null,
      error: 'only a pending KYC can be reviewed',
      done: null,
      version: 0,
    });
    expect(action.dialogProps('rejected')).toMatchObject({
      open: true,
      pending: false,
      error: 'only a pending KYC can be reviewed',
    });
  });

  it('a successful call closes the dialog, says it is done and bumps the version', async () => {
    const action = createConsoleAction<Decision>();
    action.open('rejected');
    await action.run('rejected', async () => ({ ok: false, error: 'try again' }), 'unused');
    const ok = await action.run('rejected', async () => ({ ok: true }), 'Ada Lovelace: KYC rejected.');
    expect(ok).toBe(true);
    expect(action.getState()).toEqual({
      dialog: null,
      pending: null,
      error: null,
      done: 'Ada Lovelace: KYC rejected.',
      version: 1,
    });
  });

  it('the done message can be made from the answer', async () => {
    const action = createConsoleAction<Decision>();
    await action.run(
      'approved',
      async (): Promise<CallResult<{ status: string }>> => ({ ok: true, status: 'Active' }),
      (answer) => `now ${answer.status}`,
    );
    expect(action.getState().done).toBe('now Active');
  });

  it('while a call runs it is pending, and a second call is ignored (nothing sent)', async () => {
    const action = createConsoleAction<Decision>();
    const first = deferredCall();
    const second = deferredCall();
    const running = action.run('approved', first.call, 'approved');
    expect(action.getState().pending).toBe('approved');
    expect(action.dialogProps('approved').pending).toBe(true);
    expect(action.dialogProps('rejected').pending).toBe(false);
    await expect(action.run('rejected', second.call, 'rejected')).resolves.toBe(false);
    expect(second.calls()).toBe(0);
    expect(action.getState().pending).toBe('approved');
    first.answer({ ok: true });
    await expect(running).resolves.toBe(true);
    expect(action.getState()).toMatchObject({ pending: null, done: 'approved', version: 1 });
    expect(first.calls()).toBe(1);
  });

  it('a new call forgets the previous error and done message while it runs', async () => {
    const action = createConsoleAction<Decision>();
    await action.run('approved', async () => ({ ok: true }), 'first done');
    const call = deferredCall();
    const running = action.run('approved', call.call, 'second done');
    expect(action.getState()).toMatchObject({ done: null, error: null, pending: 'approved' });
    call.answer({ ok: false, error: 'refused' });
    await running;
    expect(action.getState()).toMatchObject({ done: null, error: 'refused', version: 1 });
  });

  it('close (Cancel, Escape) forgets the error; open clears it too; clearMessages clears both messages', async () => {
    const action = createConsoleAction<Decision>();
    action.open('rejected');
    await action.run('rejected', async () => ({ ok: false, error: 'refused' }), 'x');
    action.close();
    expect(action.getState()).toMatchObject({ dialog: null, error: null });
    await action.run('approved', async () => ({ ok: false, error: 'refused again' }), 'x');
    action.open('rejected');
    expect(action.getState()).toMatchObject({ dialog: 'rejected', error: null });
    await action.run('approved', async () => ({ ok: true }), 'done');
    await action.run('approved', async () => ({ ok: false, error: 'late' }), 'x');
    action.clearMessages();
    expect(action.getState()).toMatchObject({ error: null, done: null });
    action.dialogProps('rejected').onCancel();
    expect(action.getState().dialog).toBeNull();
  });

  it('tells its subscribers of every change, and stops when they unsubscribe', async () => {
    const action = createConsoleAction<Decision>();
    let heard = 0;
    const unsubscribe = action.subscribe(() => {
      heard += 1;
    });
    action.open('rejected');
    await action.run('rejected', async () => ({ ok: true }), 'done');
    expect(heard).toBe(3);
    unsubscribe();
    action.open('approved');
    expect(heard).toBe(3);
  });
});
