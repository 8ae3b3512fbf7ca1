import { type FormEvent, useId, useState, useSyncExternalStore } from 'react';
import type { CallResult } from '../../backend/callResult';
import { focusFirst } from './LifecycleFields';
import { type FormErrors, utcDay } from './lifecycleForms';

/** The fields of a form's values, each kept as the string typed. */
type Field<V> = keyof V & string;

/** What a lifecycle form is (lifecycleForms.ts): its fields, its first values, its checks. */
export interface LifecycleFormSpec<V extends Record<Field<V>, string>, I> {
  /** The fields in the form's order: an error moves the focus to the first at fault. */
  readonly keys: readonly Field<V>[];
  /** The values of a new form, given today (UTC): its date field starts at today. */
  readonly initial: (today: string) => V;
  /** What the values send, or each field's error. */
  readonly check: (values: V, now: Date) => { input: I | null; errors: FormErrors<Field<V>> };
  /** The field a refusal of the server is about, if any: its message then shows beside that field. */
  readonly fieldOfRefusal: (message: string) => Field<V> | null;
}

interface LifecycleFormState<V, T> {
  /** The values as typed: kept through every error and after success. */
  readonly values: V;
  /** Each field's message, from the form's checks or from the server. */
  readonly errors: FormErrors<Field<V>>;
  /** A refusal of the server that no field owns. */
  readonly refusal: string | null;
  /** The last successful call's answer; cleared by the next submit. */
  readonly answer: ({ ok: true } & T) | null;
  /** A call is running: the button shows it, and a second submit is ignored. */
  readonly saving: boolean;
}

/** How a submit ended: sent and done, stopped by an error (the form's or the server's), or ignored while saving. */
type SubmitOutcome = 'done' | 'failed' | 'busy';

/** The state outside React, so that it can be driven and tested without rendering. */
export interface LifecycleFormStore<V extends Record<Field<V>, string>, I, T> {
  getState: () => LifecycleFormState<V, T>;
  subscribe: (listener: () => void) => () => void;
  /** The setter of one field's typed text. */
  field: (key: Field<V>) => (value: string) => void;
  /** Checks the values and, if they pass, sends them with `send`. */
  submit: (send: (input: I) => Promise<CallResult<T>>, now?: Date) => Promise<SubmitOutcome>;
}

export function createLifecycleForm<V extends Record<Field<V>, string>, I, T>(
  spec: LifecycleFormSpec<V, I>,
  now: Date = new Date(),
): LifecycleFormStore<V, I, T> {
  let state: LifecycleFormState<V, T> = {
    values: spec.initial(utcDay(now)),
    errors: {},
    refusal: null,
    answer: null,
    saving: false,
  };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<LifecycleFormState<V, T>>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  const setters = new Map<Field<V>, (value: string) => void>();

  async function submit(send: (input: I) => Promise<CallResult<T>>, at: Date = new Date()): Promise<SubmitOutcome> {
    // Enter pressed again while the call runs must not send the form twice.
    if (state.saving) return 'busy';
    const { input, errors } = spec.check(state.values, at);
    set({ errors, refusal: null, answer: null });
    if (!input) return 'failed';
    set({ saving: true });
    const answer = await send(input);
    if (answer.ok) {
      set({ saving: false, answer });
      return 'done';
    }
    const field = spec.fieldOfRefusal(answer.error);
    if (field) {
      const fieldErrors: FormErrors<Field<V>> = {};
      fieldErrors[field] = answer.error;
      set({ saving: false, errors: fieldErrors });
    } else set({ saving: false, refusal: answer.error });
    return 'failed';
  }

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    field: (key) => {
      // One setter per field, so a control's onChange stays the same function across renders.
      let setter = setters.get(key);
      if (!setter) {
        setter = (value: string) => set({ values: { ...state.values, [key]: value } });
        setters.set(key, setter);
      }
      return setter;
    },
    submit,
  };
}

/**
 * The state of a lifecycle form (unit price, distribution, income): the values as typed, each
 * field's message, the server's refusal, the pending call and the last answer. `base` prefixes
 * the ids of the form's title and fields (`${base}-${key}`), so an error focuses its field.
 */
export function useLifecycleForm<V extends Record<Field<V>, string>, I, T>(
  spec: LifecycleFormSpec<V, I>,
  send: (input: I) => Promise<CallResult<T>>,
  onDone?: () => void,
) {
  const base = useId();
  const [store] = useState(() => createLifecycleForm<V, I, T>(spec));
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const outcome = await store.submit(send);
    if (outcome === 'done') onDone?.();
    else if (outcome === 'failed') focusFirst(base, spec.keys, store.getState().errors);
  }

  return { ...state, base, field: store.field, onSubmit };
}
