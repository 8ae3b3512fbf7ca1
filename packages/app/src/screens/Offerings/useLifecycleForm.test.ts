import { actionErrors } from '@vault/domain';
import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../backend/callResult';
import { incomeFieldOfRefusal, incomeInputOf } from './lifecycleForms';
import { createLifecycleForm, type LifecycleFormSpec } from './useLifecycleForm';

const now = new Date('2026-03-02T10:00:00Z');

interface IncomeInput {
  amountCents: number;
  receivedOn: string;
  reference: string;
}

// The income form's spec, as IncomeForm.tsx gives it: the store is the same for the three forms.
const incomeForm: LifecycleFormSpec<{ amount: string; receivedOn: string; reference: string }, IncomeInput> = {
  keys: ['amount', 'receivedOn', 'reference'],
  initial: (today) => ({ amount: '', receivedOn: today, reference: '' }),
  check: incomeInputOf,
  fieldOfRefusal: incomeFieldOfRefusal,
};

type Recorded = { income: { reference: string } };

/** A call whose answer the test gives when it wants, to look at the state while it runs. */
function deferredCall() {
  const sent: IncomeInput[] = [];
  let answer: (result: CallResult<Recorded>) => void = () => {};
  const send = (input: IncomeInput) => {
    sent.push(input);
    return new Promise<CallResult<Recorded>>((resolve) => {
      answer = resolve;
    });
  };
  return { send, sent, answer: (result: CallResult<Recorded>) => answer(result) };
}

/** A form with the amount, the day and the reference typed. */
function typed(amount: string, reference: string) {
  const form = createLifecycleForm<{ amount: string; receivedOn: string; reference: string }, IncomeInput, Recorded>(
    incomeForm,
    now,
  );
  form.field('amount')(amount);
  form.field('reference')(reference);
  return form;
}

describe('createLifecycleForm (the state behind useLifecycleForm)', () => {
  it('starts empty but for the date, today in UTC, with no message and no call', () => {
    expect(createLifecycleForm(incomeForm, now).getState()).toEqual({
      values: { amount: '', receivedOn: '2026-03-02', reference: '' },
      errors: {},
      refusal: null,
      answer: null,
      saving: false,
    });
  });

  it('says what is wrong beside each field, sends nothing and keeps what was typed', async () => {
    const form = typed('twelve', '  ');
    form.field('receivedOn')('2099-01-01');
    const call = deferredCall();
    expect(await form.submit(call.send, now)).toBe('failed');
    expect(call.sent).toEqual([]);
    expect(form.getState()).toEqual({
      values: { amount: 'twelve', receivedOn: '2099-01-01', reference: '  ' },
      errors: {
        amount: 'Amount (€) must be an amount in euros above 0, such as 12500',
        receivedOn: 'Received on (UTC) cannot be in the future',
        reference: "A reference is required: the payer's, as on the statement",
      },
      refusal: null,
      answer: null,
      saving: false,
    });
  });

  it('a refusal about a field shows beside it; every typed value survives', async () => {
    const form = typed('11,000', 'RENT-2026-01');
    const call = deferredCall();
    const submitted = form.submit(call.send, now);
    expect(form.getState().saving).toBe(true);
    call.answer({ ok: false, error: actionErrors.incomeReferenceReused.message });
    expect(await submitted).toBe('failed');
    expect(call.sent).toEqual([{ amountCents: 1_100_000, receivedOn: '2026-03-02', reference: 'RENT-2026-01' }]);
    expect(form.getState()).toEqual({
      values: { amount: '11,000', receivedOn: '2026-03-02', reference: 'RENT-2026-01' },
      errors: { reference: actionErrors.incomeReferenceReused.message },
      refusal: null,
      answer: null,
      saving: false,
    });
  });

  it('a refusal no field owns shows above the button; every typed value survives', async () => {
    const form = typed('500', 'LATE-1');
    const call = deferredCall();
    const submitted = form.submit(call.send, now);
    call.answer({ ok: false, error: actionErrors.offeringMatured.message });
    expect(await submitted).toBe('failed');
    expect(form.getState()).toMatchObject({
      values: { amount: '500', receivedOn: '2026-03-02', reference: 'LATE-1' },
      errors: {},
      refusal: actionErrors.offeringMatured.message,
      saving: false,
    });
  });

  it('ignores a second submit while the first call runs', async () => {
    const form = typed('500', 'RENT-1');
    const call = deferredCall();
    const first = form.submit(call.send, now);
    expect(await form.submit(call.send, now)).toBe('busy');
    call.answer({ ok: true, income: { reference: 'RENT-1' } });
    expect(await first).toBe('done');
    expect(call.sent).toHaveLength(1);
  });

  it('after success the messages of the attempt before are gone and the answer is kept until the next submit', async () => {
    const form = typed('500', 'RENT-1');
    const refused = deferredCall();
    const first = form.submit(refused.send, now);
    refused.answer({ ok: false, error: actionErrors.offeringMatured.message });
    await first;
    form.field('reference')('RENT-2');
    const call = deferredCall();
    const second = form.submit(call.send, now);
    expect(form.getState()).toMatchObject({ refusal: null, errors: {}, saving: true });
    call.answer({ ok: true, income: { reference: 'RENT-2' } });
    expect(await second).toBe('done');
    expect(form.getState()).toEqual({
      values: { amount: '500', receivedOn: '2026-03-02', reference: 'RENT-2' },
      errors: {},
      refusal: null,
      answer: { ok: true, income: { reference: 'RENT-2' } },
      saving: false,
    });
    // The next submit clears the done answer first, whatever it then meets.
    form.field('amount')('');
    expect(await form.submit(call.send, now)).toBe('failed');
    expect(form.getState().answer).toBeNull();
    expect(form.getState().errors).toEqual({ amount: 'Amount (€) is required' });
  });

  it('keeps one setter per field, so a control is not given a new onChange on every render', () => {
    const form = createLifecycleForm(incomeForm, now);
    expect(form.field('amount')).toBe(form.field('amount'));
    expect(form.field('amount')).not.toBe(form.field('reference'));
  });
});
