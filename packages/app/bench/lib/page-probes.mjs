// Code that runs inside the measured pages. Each function is passed to Playwright as a function
// (serialised and run in the page), so it must not use anything from this module's scope.

/**
 * Installed before any page script: records LCP, CLS and the moment the first heading appears,
 * with the browser's own performance entries, so figures do not depend on Playwright's timing.
 * With `table` ({ caption, rows }), also when the table of that caption first shows that many
 * body rows: the end of the frame that paints them.
 */
export function installLoadObservers({ table = null } = {}) {
  const state = { lcp: null, lcpElement: null, cls: 0, shifts: 0, headingAt: null, tableAt: null };
  Object.defineProperty(window, '__benchLoad', { value: state });
  const describe = (element) =>
    element ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}`.slice(0, 60) : null;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.lcp = entry.startTime;
        state.lcpElement = describe(entry.element) ?? entry.url ?? null;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {
    // Browsers without LCP leave it null; the report shows '-'.
  }
  try {
    // CLS as Chrome defines it: shifts grouped into session windows (under 1 s apart, at most
    // 5 s long); the score is the largest window. Shifts right after input do not count.
    let windowValue = 0;
    let windowStart = 0;
    let previous = Number.NEGATIVE_INFINITY;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        if (entry.startTime - previous > 1000 || entry.startTime - windowStart > 5000) {
          windowValue = 0;
          windowStart = entry.startTime;
        }
        windowValue += entry.value;
        previous = entry.startTime;
        state.shifts += 1;
        state.cls = Math.max(state.cls, windowValue);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {
    // No layout-shift support: CLS stays 0.
  }
  const headingObserver = new MutationObserver(() => {
    const heading = document.querySelector('h1');
    if (heading && heading.textContent.trim() !== '') {
      state.headingAt = performance.now();
      headingObserver.disconnect();
    }
  });
  headingObserver.observe(document, { childList: true, subtree: true, characterData: true });
  if (!table) return;
  const tableObserver = new MutationObserver(() => {
    const found = [...document.querySelectorAll('table')].find(
      (element) => element.querySelector(':scope > caption')?.textContent.trim() === table.caption,
    );
    if (!found || found.querySelectorAll(':scope > tbody > tr').length < table.rows) return;
    tableObserver.disconnect();
    // rAF runs before the frame that paints the rows; a task queued from it runs once it is produced.
    requestAnimationFrame(() =>
      setTimeout(() => {
        state.tableAt = performance.now();
      }, 0),
    );
  });
  tableObserver.observe(document, { childList: true, subtree: true });
}

/** Reads the figures of one load after the page has settled. */
export function readLoadFigures() {
  const state = window.__benchLoad ?? {};
  const navigation = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return {
    fcp: fcp ? fcp.startTime : null,
    lcp: state.lcp ?? null,
    lcpElement: state.lcpElement ?? null,
    domContentLoaded: navigation ? navigation.domContentLoadedEventEnd : null,
    load: navigation ? navigation.loadEventStart : null,
    cls: state.cls ?? 0,
    shifts: state.shifts ?? 0,
    headingAt: state.headingAt ?? null,
    tableAt: state.tableAt ?? null,
    heading: document.querySelector('h1')?.textContent?.trim().slice(0, 80) ?? null,
    path: location.pathname,
    // Whether the embedded mock backend's service worker controls the page (app pages only).
    mockWorkerActive: Boolean(navigator.serviceWorker?.controller),
  };
}

/**
 * When the page's declared first reads (`tables`, from the screen's .reads.ts; a member function
 * as `rpc/<fn>`) had all answered, in ms from the navigation's start, from the browser's resource
 * timings of the backend's requests (`/rest/v1/<table>`, `/rest/v1/rpc/<fn>`); null, with the
 * reads never asked for, when one is missing.
 */
export function readDeclaredReads(tables) {
  const answeredAt = new Map();
  for (const entry of performance.getEntriesByType('resource')) {
    const table = new URL(entry.name).pathname.match(/\/rest\/v1\/((?:rpc\/)?\w+)$/)?.[1];
    if (table && tables.includes(table)) answeredAt.set(table, Math.max(answeredAt.get(table) ?? 0, entry.responseEnd));
  }
  const missing = tables.filter((table) => !answeredAt.has(table));
  return { dataAt: missing.length === 0 ? Math.max(...answeredAt.values()) : null, missing };
}

/**
 * Arms one interaction measurement. `start` names the DOM event (captured on window, before the
 * app's own listeners) that begins it; `done` names the condition that ends it. When the
 * condition holds, the end mark is set after the next frame, i.e. once the change has been
 * painted. Resolves window.__benchResult with the duration, or null after the timeout.
 */
export function armInteraction({ name, start, key, done, timeoutMs }) {
  const root = () => document.querySelector('main') ?? document.body;
  const visible = (element) => {
    if (!element) return false;
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && Number(style.opacity) > 0;
  };
  const dialog = () =>
    [...document.querySelectorAll('dialog[open], [role="dialog"]')].find((element) => element.querySelector('input')) ??
    null;
  const optionCount = () => dialog()?.querySelectorAll('[role="option"]').length ?? -1;
  const listSignature = () => root().textContent;

  const before = { options: optionCount(), signature: listSignature() };
  const conditions = {
    paletteOpen: () => visible(dialog()),
    paletteClosed: () => dialog() === null || !visible(dialog()),
    optionsChanged: () => optionCount() !== before.options,
    listChanged: () => listSignature() !== before.signature,
  };
  const holds = conditions[done];
  const startMark = `${name}:start`;
  const endMark = `${name}:end`;
  performance.clearMarks(startMark);
  performance.clearMarks(endMark);
  performance.clearMeasures(name);

  window.__benchResult = new Promise((resolve) => {
    let started = false;
    let ending = false;
    let finished = false;
    const finish = (value) => {
      if (finished) return;
      finished = true;
      observer.disconnect();
      clearTimeout(timer);
      window.removeEventListener(start, onStart, true);
      resolve(value);
    };
    const check = () => {
      if (!started || ending || finished || !holds()) return;
      ending = true;
      observer.disconnect();
      // Wait for the frame that shows the change: rAF runs before that frame's paint, and a task
      // queued from it runs once the frame has been produced.
      requestAnimationFrame(() =>
        setTimeout(() => {
          performance.mark(endMark);
          finish(performance.measure(name, startMark, endMark).duration);
        }, 0),
      );
    };
    // Style-only changes (an opening animation's opacity) cause no mutation: check every frame too.
    const poll = () => {
      if (ending || finished) return;
      check();
      requestAnimationFrame(poll);
    };
    const onStart = (event) => {
      if (started) return;
      if (key && event.key?.toLowerCase() !== key) return;
      started = true;
      performance.mark(startMark);
      // The change may already have happened inside this very event's handlers.
      queueMicrotask(check);
      requestAnimationFrame(poll);
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    window.addEventListener(start, onStart, true);
    const timer = setTimeout(() => finish(null), timeoutMs);
  });
  return before;
}

/** Picks a letter found in some palette options but not all, so typing it changes the list. */
export function pickFilterLetter() {
  const dialog = [...document.querySelectorAll('dialog[open], [role="dialog"]')].find((element) =>
    element.querySelector('input'),
  );
  const labels = [...(dialog?.querySelectorAll('[role="option"]') ?? [])].map((o) => o.textContent.toLowerCase());
  if (labels.length < 2) return null;
  const letters = 'abcdefghijklmnopqrstuvwxyz'.split('');
  let best = null;
  for (const letter of letters) {
    const hits = labels.filter((label) => label.includes(letter)).length;
    // Prefer a letter that keeps about half the list: a real narrowing, not an empty list.
    const score = Math.abs(hits - labels.length / 2);
    if (hits > 0 && hits < labels.length && (best === null || score < best.score)) best = { letter, score };
  }
  return best?.letter ?? null;
}
