import type { ScreenKey } from '@vault/domain';
import type { ComponentType } from 'react';
import { type LazyComponent, lazyWithPreload } from '../lazy/lazyWithPreload';
import { loadRestStyles } from '../styles/restStyles';

/**
 * A public screen that is not prerendered, with the component styles the prerendered pages leave
 * out (the screens inside the shell get them with the shell, router/routes.tsx).
 */
const withRestStyles = (load: () => Promise<{ default: ComponentType }>) => () =>
  Promise.all([load(), loadRestStyles()]).then(([module]) => module);

/**
 * Every screen of the route table, each in its own chunk: screens/<PascalKey>/index.tsx
 * default-exports the component. The guard renders <LazyView of={screens[route.screen]} />.
 */
export const screens: Record<ScreenKey, LazyComponent> = {
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
  support: lazyWithPreload(() => import('./Support')),
  users: lazyWithPreload(() => import('./Users')),
  compliance: lazyWithPreload(() => import('./Compliance')),
  reports: lazyWithPreload(() => import('./Reports')),
  loans: lazyWithPreload(() => import('./Loans')),
  investments: lazyWithPreload(() => import('./Investments')),
  assets: lazyWithPreload(() => import('./Assets')),
  kyc: lazyWithPreload(() => import('./Kyc')),
  audit: lazyWithPreload(() => import('./Audit')),
  community: lazyWithPreload(() => import('./Community')),
  accessRequired: lazyWithPreload(() => import('./AccessRequired')),
};
