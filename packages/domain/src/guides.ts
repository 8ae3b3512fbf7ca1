import { hasWallet, type Session } from './session';

export interface GuideLink {
  label: string;
  href: string;
}

export interface GuideCard {
  title: string;
  description?: string;
  links: GuideLink[];
}

/**
 * The dashboard guide cards (SPEC.md 2): three cards for investors (Create Wallet only while
 * there is no wallet id), 'Admin shortcuts' for the admin flag or mfo_admin, nothing otherwise.
 */
export function guideCardsFor(session: Session): GuideCard[] {
  const { user } = session;
  if (!user) return [];
  if (session.isAdmin || user.role === 'mfo_admin') {
    return [
      {
        title: 'Admin shortcuts',
        links: [
          { label: 'Open Compliance', href: '/compliance' },
          { label: 'Manage Users', href: '/users' },
          { label: 'View Reports', href: '/reports' },
          { label: 'Open Community', href: '/community' },
          { label: 'Go to Dashboard', href: '/dashboard' },
        ],
      },
    ];
  }
  if (user.role !== 'investor') return [];
  return [
    {
      title: 'Start here',
      description: 'Set up the basics of your membership.',
      links: [
        ...(hasWallet(user) ? [] : [{ label: 'Create Wallet', href: '/settings' }]),
        { label: 'Sign Agreement', href: '/agreement' },
      ],
    },
    {
      title: 'Keep going',
      description: 'Verify your identity, then fund your wallet, e.g. €20 to €100.',
      links: [
        { label: 'KYC/AML verification', href: '/kyc-verification' },
        { label: 'Onramp funds', href: '/wallet' },
      ],
    },
    {
      title: 'Next steps',
      description: 'Explore what the community is investing in.',
      links: [
        { label: 'View Opportunities', href: '/opportunities' },
        { label: 'Open Community', href: '/community' },
      ],
    },
  ];
}

export type DashboardKind =
  | 'mfo-admin'
  | 'investor'
  | 'cl-spv'
  | 'eq-spv'
  | 'production-spv'
  | 'compliance'
  | 'unknown'
  | 'signed-out';

/** Which dashboard a session sees (SPEC.md 2 'Dashboards by role'). */
export function dashboardFor(session: Session): DashboardKind {
  const { user } = session;
  if (!user) return 'signed-out';
  if (session.isAdmin || user.role === 'mfo_admin') return 'mfo-admin';
  switch (user.role) {
    case 'investor':
      return 'investor';
    case 'cl_spv_admin':
      return 'cl-spv';
    case 'eq_spv_admin':
      return 'eq-spv';
    case 'production_spv':
      return 'production-spv';
    case 'compliance':
      return 'compliance';
    default:
      return 'unknown';
  }
}
