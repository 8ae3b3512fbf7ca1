import { type PaymentMethod, parseEuroAmount, paymentMethods, validateInvestmentAmount } from '@vault/domain';

export const STEP_LABELS = ['Amount', 'Payment method', 'Confirm', 'Submitted'];
export type Step = 1 | 2 | 3 | 4;

export interface FlowState {
  step: Step;
  /** The amount as typed, so a reload shows what the person wrote. */
  amount: string;
  method: PaymentMethod;
  /**
   * The flow's idempotency key, made once when the flow starts and kept in the URL, so a double
   * click, a retry or a reload on Confirm submits one investment (submit_investment).
   */
  key: string | null;
  /** The stored investment's id once the server has it: only then is there a step 4. */
  investment: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  return value !== null && UUID.test(value) ? value : null;
}

function isMethod(value: string | null): value is PaymentMethod {
  return value !== null && Object.hasOwn(paymentMethods, value);
}

/**
 * The flow's state from the URL query (step, amount, method), so a reload loses nothing. A step
 * the state does not allow yet (a hand-edited `?step=3` without an amount) falls back to the
 * first step that still needs input; `?step=4` without a stored investment is Confirm.
 */
export function readFlowState(params: URLSearchParams): FlowState {
  const amount = params.get('amount') ?? '';
  const rawMethod = params.get('method');
  const method: PaymentMethod = isMethod(rawMethod) ? rawMethod : 'bank';
  const wanted = Number.parseInt(params.get('step') ?? '1', 10);
  let step: Step = wanted === 2 || wanted === 3 || wanted === 4 ? wanted : 1;
  if (step > 1 && validateInvestmentAmount(amount) !== null) step = 1;
  else if (step > 2 && !isMethod(rawMethod)) step = 2;
  const investment = uuidParam(params, 'investment');
  if (step === 4 && investment === null) step = 3;
  return { step, amount, method, key: uuidParam(params, 'key'), investment };
}

export function writeFlowState(params: URLSearchParams, state: FlowState): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('step', String(state.step));
  if (state.amount === '') next.delete('amount');
  else next.set('amount', state.amount);
  next.set('method', state.method);
  for (const name of ['key', 'investment'] as const) {
    const value = state[name];
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

/** The amount in cents, or 0 when it cannot be read (only after validation is it used). */
export function amountCents(amount: string): number {
  return parseEuroAmount(amount) ?? 0;
}
