/** Business constants of docs/product.md §9. Money in whole euros unless the name says cents. */
export const MIN_FIRST_ONRAMP_EUR = 20;
export const ONRAMP_SUGGESTIONS_EUR = [20, 50, 100] as const;
export const MIN_INVESTMENT_EUR = 5_000;
export const INVESTMENT_QUICK_PICKS_EUR = [5_000, 10_000] as const;
/** Fees in basis points: 100 = 1%. */
export const MANAGEMENT_FEE_BPS = 100;
export const CARD_FEE_BPS = 150;
export const INVESTMENT_TERMS = {
  termYears: 5,
  distributions: 'Annual distributions',
  earlyRedemptionAfterYears: 2,
  earlyRedemptionFeePercent: 2,
  projectedYieldPercent: 6.5,
  processingBusinessDays: 2,
} as const;
export const AUDIT_TRAIL_YEARS = 7;
export const RESEARCH_POINTS_MAX = 5;
export const PALETTE_MAX_HEIGHT_PX = 300;
export const USER_MENU_CLOSE_DELAY_MS = 120;
export const OPPORTUNITIES_LOADING_MS = 150;
export const RETRY_LOADING_MS = 400;
export const COPYRIGHT_YEAR = 2025;
/** The key that, with Ctrl (or Cmd on a Mac), toggles the command palette. */
export const PALETTE_SHORTCUT_KEY = 'k';
/** Pages that keep a per-page nudge dismissal flag in storage. */
const NUDGE_DISMISS_PAGES = ['opportunities', 'documents'] as const;
export type NudgeDismissPage = (typeof NUDGE_DISMISS_PAGES)[number];

/**
 * How long the app waits for the backend before it tells the member and lets them try again (ms):
 * loading the backend code, an auth call, a profile read or save, the wallet function, and the
 * embedded backend's first start (its database downloaded and opened: seconds on a fast link).
 */
export const BACKEND_TIMEOUT_MS = {
  code: 15_000,
  auth: 15_000,
  profile: 10_000,
  wallet: 20_000,
  embeddedStart: 90_000,
} as const;
