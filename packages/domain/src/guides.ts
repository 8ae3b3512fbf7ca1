import { readinessStep } from './readiness';
import { hrefFor } from './routes';
import { hasWallet, type Session } from './session';

interface GuideLink {
  label: string;
  href: string;
}

export interface GuideCard {
  title: string;
  description?: string;
  links: GuideLink[];
}

/**
 * The dashboard guide cards (docs/product.md §2): three cards for investors (Create Wallet only while
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
          { label: 'Open Compliance', href: hrefFor('compliance') },
          { label: 'Manage Users', href: hrefFor('users') },
          { label: 'View Reports', href: hrefFor('reports') },
          { label: 'Open Community', href: hrefFor('community') },
          { label: 'Go to Dashboard', href: hrefFor('dashboard') },
        ],
      },
    ];
  }
  if (user.role !== 'investor') return [];
  return [
    {
      title: 'Start here',
      description: 'Set up the basics of your membership.',
      links: [...(hasWallet(user) ? [] : [stepLink('wallet')]), stepLink('agreement')],
    },
    {
      title: 'Keep going',
      description: 'Verify your identity, then fund your wallet, e.g. €20 to €100.',
      links: [
        { label: 'KYC/AML verification', href: hrefFor('kycVerification') },
        { label: 'Onramp funds', href: hrefFor('wallet') },
      ],
    },
    {
      title: 'Next steps',
      description: 'Explore what the community is investing in.',
      links: [
        { label: 'View Opportunities', href: hrefFor('opportunities') },
        { label: 'Open Community', href: hrefFor('community') },
      ],
    },
  ];
}

/** A readiness step's button as a guide link: its text and target, read from the step. */
function stepLink(id: 'wallet' | 'agreement'): GuideLink {
  const step = readinessStep(id);
  return { label: step.buttonText, href: step.target };
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

/** Which dashboard a session sees (docs/product.md §2 'Dashboards by role'). */
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

export interface QuickLink {
  label: string;
  href: string;
}

/**
 * The dashboards' quick buttons (docs/product.md §2 'Dashboards by role'), as the specification
 * lists them. Two lead where their dashboard's role may not go (investor → Reports, MFO admin →
 * Manage Assets); the link walk in links.test.ts names them.
 */
const dashboardQuickLinks: Readonly<Partial<Record<DashboardKind, readonly QuickLink[]>>> = {
  'mfo-admin': [
    { label: 'Manage Users', href: hrefFor('users') },
    { label: 'Compliance', href: hrefFor('compliance') },
    { label: 'Reports', href: hrefFor('reports') },
    { label: 'Manage Assets', href: hrefFor('assets') },
  ],
  investor: [
    { label: 'Wallet', href: hrefFor('wallet') },
    { label: 'Documents', href: hrefFor('documents') },
    { label: 'Opportunities', href: hrefFor('opportunities') },
    { label: 'Reports', href: hrefFor('reports') },
  ],
};

/** The quick buttons of the dashboard a session sees; none for the dashboards without them. */
export function quickLinksFor(session: Session): readonly QuickLink[] {
  return dashboardQuickLinks[dashboardFor(session)] ?? [];
}

export interface NextAction {
  label: string;
  href: string;
  text: string;
}

/** The wallet page's 'Next best actions', shown to investors once the first on-ramp is done. */
export const walletNextActions: readonly NextAction[] = [
  { href: hrefFor('opportunities'), label: 'Explore opportunities', text: 'Find an impact investment that fits you.' },
  { href: hrefFor('documents'), label: 'Review your documents', text: 'Your signed agreement and statements.' },
  { href: hrefFor('community'), label: 'Join the community', text: 'Meet other members and the team.' },
];
