import type { Activity, Notification, PlatformUser, Repayment, UpcomingAction } from '../../entities';

/**
 * Sample member list (the mock's `users` table). The real backend computes the list behind
 * /users from its accounts (the `members` view, docs/backend.md); these rows stay for the
 * embedded backend and the stories.
 */
export const users: PlatformUser[] = [
  {
    id: 'u-1001',
    name: 'Jan van der Meer',
    email: 'j.vandermeer@example.nl',
    role: 'investor',
    status: 'Active',
    joined: '2024-06-12',
  },
  {
    id: 'u-1002',
    name: 'Amaka Okafor',
    email: 'a.okafor@example.com',
    role: 'investor',
    status: 'Pending',
    joined: '2025-02-27',
  },
  {
    id: 'u-1003',
    name: 'Marta Silva',
    email: 'm.silva@example.pt',
    role: 'investor',
    status: 'Active',
    joined: '2024-10-01',
  },
  {
    id: 'u-1004',
    name: 'Lan Nguyen',
    email: 'l.nguyen@example.vn',
    role: 'investor',
    status: 'Suspended',
    joined: '2024-08-19',
  },
  {
    id: 'u-2001',
    name: 'Sophie Laurent',
    email: 'mfo.admin@vault.example',
    role: 'mfo_admin',
    status: 'Active',
    joined: '2023-11-02',
  },
  {
    id: 'u-2002',
    name: 'Pieter de Vries',
    email: 'lending@vault.example',
    role: 'cl_spv_admin',
    status: 'Active',
    joined: '2024-01-15',
  },
  {
    id: 'u-2003',
    name: 'Elena Rossi',
    email: 'equity@vault.example',
    role: 'eq_spv_admin',
    status: 'Active',
    joined: '2024-01-15',
  },
  {
    id: 'u-2004',
    name: 'Kwame Mensah',
    email: 'production@vault.example',
    role: 'production_spv',
    status: 'Active',
    joined: '2024-03-08',
  },
  {
    id: 'u-2005',
    name: 'Hanna Berg',
    email: 'compliance@vault.example',
    role: 'compliance',
    status: 'Active',
    joined: '2023-12-04',
  },
];

export const activity: Activity[] = [
  { id: 'act-1', text: 'Amaka Okafor started KYC verification', at: '2025-03-03T10:05:00Z' },
  { id: 'act-2', text: 'Jan van der Meer invested €10,000 in Groningen Solar Park II', at: '2025-03-02T15:40:00Z' },
  { id: 'act-3', text: 'Compliance alert raised for a PEP screening match', at: '2025-03-02T09:18:00Z' },
  { id: 'act-4', text: 'Quarterly statements sent to 214 members', at: '2025-03-01T08:00:00Z' },
];

export const notifications: Notification[] = [
  {
    id: 'n-1',
    title: 'Distribution paid',
    body: 'Ghana Solar Schools paid €87.50 to your wallet.',
    at: '2025-03-01T09:00:00Z',
    read: false,
  },
  {
    id: 'n-2',
    title: 'New opportunity',
    body: 'Andalusia Agrivoltaics is open for subscriptions.',
    at: '2025-02-26T12:00:00Z',
    read: false,
  },
  {
    id: 'n-3',
    title: 'Statement ready',
    body: 'Your Q4 2024 portfolio statement is available.',
    at: '2025-01-15T08:30:00Z',
    read: true,
  },
];

export const upcomingActions: UpcomingAction[] = [
  {
    id: 'ua-1',
    title: 'Placement Term Ending',
    detail: 'Kenya Clean Water Kiosks matures; choose to reinvest or withdraw.',
    due: '2025-04-15',
  },
  {
    id: 'ua-2',
    title: 'Document Expiry',
    detail: 'Your proof of address expires; upload a recent one.',
    due: '2025-05-01',
  },
];

export const repayments: Repayment[] = [
  { id: 'rp-1', borrower: 'Zonnepark Drenthe B.V.', amount: '€62,500', due: '2025-04-01' },
  { id: 'rp-2', borrower: 'AquaKiosk Kenya Ltd', amount: '€24,000', due: '2025-04-10' },
  { id: 'rp-3', borrower: 'Zonnepark Drenthe B.V.', amount: '€62,500', due: '2025-07-01' },
];
