/**
 * The worker's clock follows the page's: each request carries the page's `Date.now()` (which a
 * test may have moved with Playwright's clock), and the worker shifts its own `Date` by the
 * difference. PGlite's `now()` reads it too (Emscripten's clock calls `Date.now()`), so the SQL's
 * periods (the cooling-off, the cancellation window) and the tokens' expiry see the page's time.
 */

const RealDate = Date;
const realNow = RealDate.now.bind(RealDate);
let offset = 0;

class PageDate extends RealDate {
  constructor(...args: [] | ConstructorParameters<DateConstructor>) {
    if (args.length === 0) super(realNow() + offset);
    else super(...(args as ConstructorParameters<DateConstructor>));
  }

  static override now(): number {
    return realNow() + offset;
  }
}

/** Replaces this worker's global Date with one shifted to the page's clock. */
export function installPageClock(): void {
  globalThis.Date = PageDate as DateConstructor;
}

/** The page's time at this request: from now on, the worker's clock reads it. */
export function followPageClock(pageNow: number): void {
  if (Number.isFinite(pageNow)) offset = pageNow - realNow();
}
