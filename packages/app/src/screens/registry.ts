import type { ScreenKey } from '@vault/domain';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * Every screen of the route table, each in its own chunk: screens/<PascalKey>/index.tsx
 * default-exports the component. The router renders screens[route.screen].
 */
export const screens: Record<ScreenKey, LazyExoticComponent<ComponentType>> = {
  landing: lazy(() => import('./Landing')),
  welcome: lazy(() => import('./Welcome')),
  login: lazy(() => import('./Login')),
  register: lazy(() => import('./Register')),
  kycVerification: lazy(() => import('./KycVerification')),
  agreement: lazy(() => import('./Agreement')),
  adminLogin: lazy(() => import('./AdminLogin')),
  dashboard: lazy(() => import('./Dashboard')),
  research: lazy(() => import('./Research')),
  investmentFlow: lazy(() => import('./InvestmentFlow')),
  opportunityDetail: lazy(() => import('./OpportunityDetail')),
  opportunities: lazy(() => import('./Opportunities')),
  settings: lazy(() => import('./Settings')),
  placements: lazy(() => import('./Placements')),
  wallet: lazy(() => import('./Wallet')),
  documents: lazy(() => import('./Documents')),
  support: lazy(() => import('./Support')),
  users: lazy(() => import('./Users')),
  compliance: lazy(() => import('./Compliance')),
  reports: lazy(() => import('./Reports')),
  loans: lazy(() => import('./Loans')),
  investments: lazy(() => import('./Investments')),
  assets: lazy(() => import('./Assets')),
  kyc: lazy(() => import('./Kyc')),
  audit: lazy(() => import('./Audit')),
  community: lazy(() => import('./Community')),
  accessRequired: lazy(() => import('./AccessRequired')),
};
