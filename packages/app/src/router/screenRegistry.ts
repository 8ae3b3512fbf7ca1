import { type ComingSoonScreenKey, isComingSoon, type ScreenKey, screenKeys } from '@vault/domain';
import type { ComponentType } from 'react';
import { type LazyComponent, lazyWithPreload, loadAllComponentStyles } from '../boot';

/**
 * A public screen that is not prerendered, with the component styles the prerendered pages leave
 * out (the screens inside the shell get them with the shell, routes.tsx).
 */
const withRestStyles = (load: () => Promise<{ default: ComponentType }>) => () =>
  Promise.all([load(), loadAllComponentStyles()]).then(([module]) => module);

/** The built screens, each in its own chunk: screens/<PascalKey>/index.tsx default-exports it. */
const built: Record<Exclude<ScreenKey, ComingSoonScreenKey>, LazyComponent> = {
  landing: lazyWithPreload(() => import('../screens/Landing')),
  welcome: lazyWithPreload(() => import('../screens/Welcome')),
  login: lazyWithPreload(() => import('../screens/Login')),
  register: lazyWithPreload(() => import('../screens/Register')),
  kycVerification: lazyWithPreload(withRestStyles(() => import('../screens/KycVerification'))),
  agreement: lazyWithPreload(withRestStyles(() => import('../screens/Agreement'))),
  adminLogin: lazyWithPreload(() => import('../screens/AdminLogin')),
  dashboard: lazyWithPreload(() => import('../screens/Dashboard')),
  research: lazyWithPreload(() => import('../screens/Research')),
  investmentFlow: lazyWithPreload(() => import('../screens/InvestmentFlow')),
  opportunityDetail: lazyWithPreload(() => import('../screens/OpportunityDetail')),
  opportunities: lazyWithPreload(() => import('../screens/Opportunities')),
  settings: lazyWithPreload(() => import('../screens/Settings')),
  placements: lazyWithPreload(() => import('../screens/Placements')),
  wallet: lazyWithPreload(() => import('../screens/Wallet')),
  documents: lazyWithPreload(() => import('../screens/Documents')),
  users: lazyWithPreload(() => import('../screens/Users')),
  compliance: lazyWithPreload(() => import('../screens/Compliance')),
  kyc: lazyWithPreload(() => import('../screens/Kyc')),
  audit: lazyWithPreload(() => import('../screens/Audit')),
  reports: lazyWithPreload(() => import('../screens/Reports')),
  investments: lazyWithPreload(() => import('../screens/Investments')),
  loans: lazyWithPreload(() => import('../screens/Loans')),
  assets: lazyWithPreload(() => import('../screens/Assets')),
  offerings: lazyWithPreload(() => import('../screens/Offerings')),
  accessRequired: lazyWithPreload(() => import('../screens/AccessRequired')),
};

/** The one screen of every route the table flags `comingSoon`; it reads its title from the route. */
const comingSoon = lazyWithPreload(() => import('../screens/ComingSoon'));

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
