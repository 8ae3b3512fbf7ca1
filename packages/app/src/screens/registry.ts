import { type ComingSoonScreenKey, isComingSoon, type ScreenKey, screenKeys } from '@vault/domain';
import type { ComponentType } from 'react';
import { type LazyComponent, lazyWithPreload } from '../lazy/lazyWithPreload';
import { loadRestStyles } from '../styles/restStyles';

/**
 * A public screen that is not prerendered, with the component styles the prerendered pages leave
 * out (the screens inside the shell get them with the shell, router/routes.tsx).
 */
const withRestStyles = (load: () => Promise<{ default: ComponentType }>) => () =>
  Promise.all([load(), loadRestStyles()]).then(([module]) => module);

/** The built screens, each in its own chunk: screens/<PascalKey>/index.tsx default-exports it. */
const built: Record<Exclude<ScreenKey, ComingSoonScreenKey>, LazyComponent> = {
  landing: lazyWithPreload(() => import('./Landing')),
  welcome: lazyWithPreload(() => import('./Welcome')),
  login: lazyWithPreload(() => import('./Login')),
  register: lazyWithPreload(() => import('./Register')),
  kycVerification: lazyWithPreload(withRestStyles(() => import('./KycVerification'))),
  agreement: lazyWithPreload(withRestStyles(() => import('./Agreement'))),
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

/**
 * The module of a screen's chunk, as the build's manifest names it: scripts/prerender.mjs links
 * the prerendered pages' screens and the signed-in first screens' files from it.
 */
export function screenSource(screen: ScreenKey): string {
  const folder = isComingSoon(screen) ? 'ComingSoon' : `${screen.charAt(0).toUpperCase()}${screen.slice(1)}`;
  return `src/screens/${folder}/index.tsx`;
}
