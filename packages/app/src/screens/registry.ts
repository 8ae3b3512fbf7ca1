import { type ComingSoonScreenKey, isComingSoon, type ScreenKey, screenKeys } from '@vault/domain';
import { type LazyComponent, lazyWithPreload } from '../lazy/lazyWithPreload';

/** The built screens, each in its own chunk: screens/<PascalKey>/index.tsx default-exports it. */
const built: Record<Exclude<ScreenKey, ComingSoonScreenKey>, LazyComponent> = {
  landing: lazyWithPreload(() => import('./Landing')),
  welcome: lazyWithPreload(() => import('./Welcome')),
  login: lazyWithPreload(() => import('./Login')),
  register: lazyWithPreload(() => import('./Register')),
  kycVerification: lazyWithPreload(() => import('./KycVerification')),
  agreement: lazyWithPreload(() => import('./Agreement')),
  adminLogin: lazyWithPreload(() => import('./AdminLogin')),
  dashboard: lazyWithPreload(() => import('./Dashboard')),
  research: lazyWithPreload(() => import('./Research')),
  investmentFlow: lazyWithPreload(() => import('./InvestmentFlow')),
  opportunityDetail: lazyWithPreload(() => import('./OpportunityDetail')),
  opportunities: lazyWithPreload(() => import('./Opportunities')),
  settings: lazyWithPreload(() => import('./Settings')),
  placements: lazyWithPreload(() => import('./Placements')),
  wallet: lazyWithPreload(() => import('./Wallet')),
  documents: lazyWithPreload(() => import('./Documents')),
  users: lazyWithPreload(() => import('./Users')),
  accessRequired: lazyWithPreload(() => import('./AccessRequired')),
};

/** The one screen of every route the table flags `comingSoon`; it reads its title from the route. */
const comingSoon = lazyWithPreload(() => import('./ComingSoon'));

/**
 * Every screen of the route table. The guard renders <LazyView of={screens[route.screen]} />.
 */
export const screens: Record<ScreenKey, LazyComponent> = Object.fromEntries(
  screenKeys.map((screen) => [screen, isComingSoon(screen) ? comingSoon : built[screen]]),
) as Record<ScreenKey, LazyComponent>;
