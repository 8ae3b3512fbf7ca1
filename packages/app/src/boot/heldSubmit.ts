import { HELD_SUBMIT_PROPERTY } from './inlineScript';

/**
 * Submits again a form the inline script held before the app ran (a click on 'Sign In' while the
 * page's script loaded), once the first render has committed: its handler is live then. A task
 * later, so the fields' early text (Field.tsx takes it on mount) is in the form's state first.
 * Returns a cancel function, for an effect's cleanup.
 */
export function resubmitHeldForm(): () => void {
  const held = window[HELD_SUBMIT_PROPERTY];
  if (!(held instanceof HTMLFormElement)) return () => undefined;
  const timer = window.setTimeout(() => {
    if (window[HELD_SUBMIT_PROPERTY] !== held) return;
    window[HELD_SUBMIT_PROPERTY] = null;
    if (!held.isConnected) return;
    // Never the browser's own submission (the password in the URL): if no handler of the app took
    // this submit, it is dropped.
    const unhandled = (event: Event) => {
      if (event.target === held && !event.defaultPrevented) event.preventDefault();
    };
    window.addEventListener('submit', unhandled);
    held.requestSubmit();
    window.removeEventListener('submit', unhandled);
  }, 0);
  return () => window.clearTimeout(timer);
}
