import { HELD_SUBMIT_PROPERTY } from './inlineScript';

/** How long a held form waits for the app to take it over before it is left to the visitor. */
const HYDRATION_WAIT_MS = 10_000;
const POLL_MS = 50;

/**
 * Whether React has hydrated this element: it keeps its own instance on every node it manages
 * (`__reactFiber$…`, `__reactProps$…`). The screen hydrates after the root commits (its Suspense
 * boundary comes later), so the root cannot tell; the node can.
 */
const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__react'));

/**
 * Submits again a form the inline script held before the app ran (a click on 'Sign In' while the
 * page's script loaded), once React has hydrated it and its fields have taken their early text
 * (Field.tsx). Never the browser's own submission, which would put the password in the URL: a
 * submit no handler of the app took is dropped, and a form that never hydrates stays as typed.
 * Returns a cancel function, for an effect's cleanup.
 */
export function resubmitHeldForm(): () => void {
  const held = window[HELD_SUBMIT_PROPERTY];
  if (!(held instanceof HTMLFormElement)) return () => undefined;
  const started = Date.now();
  let timer = 0;
  const attempt = () => {
    if (window[HELD_SUBMIT_PROPERTY] !== held || !held.isConnected) return;
    if (!hydrated(held)) {
      if (Date.now() - started < HYDRATION_WAIT_MS) timer = window.setTimeout(attempt, POLL_MS);
      return;
    }
    // A task after hydration, so the state the fields set from their early text is committed.
    timer = window.setTimeout(() => {
      if (window[HELD_SUBMIT_PROPERTY] !== held || !held.isConnected) return;
      window[HELD_SUBMIT_PROPERTY] = null;
      const unhandled = (event: Event) => {
        if (event.target === held && !event.defaultPrevented) event.preventDefault();
      };
      window.addEventListener('submit', unhandled);
      held.requestSubmit();
      window.removeEventListener('submit', unhandled);
    }, 0);
  };
  attempt();
  return () => window.clearTimeout(timer);
}
