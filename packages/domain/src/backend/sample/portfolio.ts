import type {
  AuditLog,
  ComplianceAlert,
  EquityHolding,
  InvestmentRow,
  Loan,
  ProductionAsset,
  VaultDocument,
} from '../../entities';
import { investmentQuote } from '../../money';
import { sampleSpvIds } from './spvs';

/** Sample documents, with every status and one awaiting signature (docs/decisions.md (13)). */
export const documents: (VaultDocument & { id: string })[] = [
  { id: 'doc-membership', name: 'Membership Agreement', status: 'Pending', type: 'Agreement', date: '2025-03-02' },
  {
    id: 'doc-subscription',
    name: 'Subscription Form — Groningen Solar Park II',
    status: 'Signed',
    type: 'Subscription',
    date: '2025-02-14',
  },
  { id: 'doc-kyc', name: 'KYC/AML Confirmation', status: 'Signed', type: 'Compliance', date: '2025-01-28' },
  {
    id: 'doc-factsheet',
    name: 'Kenya Clean Water Kiosks Factsheet',
    status: 'Available',
    type: 'Factsheet',
    date: '2025-02-20',
  },
  { id: 'doc-q4', name: 'Q4 2024 Portfolio Statement', status: 'Available', type: 'Statement', date: '2025-01-15' },
  { id: 'doc-tax', name: '2024 Tax Certificate', status: 'Sent', type: 'Tax', date: '2025-01-31' },
];

/**
 * A sample investment as `public.investments` stores it: the fees from investmentQuote, the
 * amount in cents, submitted and decided on `date` (UTC midnight). Each has an id so the seed
 * can key it; every member's copy gets its own uuid in the database.
 */
function sampleInvestment(
  id: string,
  opportunityId: string,
  opportunityName: string,
  amountCents: number,
  date: string,
  status: InvestmentRow['status'],
): InvestmentRow {
  const quote = investmentQuote(amountCents, 'bank');
  const at = `${date}T00:00:00Z`;
  return {
    id,
    opportunity_id: opportunityId,
    opportunity_name: opportunityName,
    amount_cents: amountCents,
    management_fee_cents: quote.managementFeeCents,
    card_fee_cents: quote.cardFeeCents,
    total_cents: quote.totalCents,
    method: 'bank',
    status,
    submitted_at: at,
    decided_at: at,
    reason: null,
  };
}

/** The investor's recent investments: Active and Matured, all decided. */
export const investments: InvestmentRow[] = [
  sampleInvestment(
    'inv-groningen',
    'solar-park-groningen',
    'Groningen Solar Park II',
    1_000_000,
    '2025-02-14',
    'Active',
  ),
  sampleInvestment('inv-kenya', 'clean-water-kenya', 'Kenya Clean Water Kiosks', 500_000, '2024-11-03', 'Active'),
  sampleInvestment('inv-ghana', 'schools-ghana', 'Ghana Solar Schools', 250_000, '2023-09-18', 'Matured'),
  sampleInvestment(
    'inv-rotterdam',
    'social-housing-rotterdam',
    'Rotterdam Social Housing Fund',
    750_000,
    '2023-04-07',
    'Matured',
  ),
];

export const loans: Loan[] = [
  {
    id: 'LN-2025-014',
    borrower: 'Zonnepark Drenthe B.V.',
    amount: '€1,250,000',
    status: 'Active',
    spv_id: sampleSpvIds.lending,
    opportunity_id: 'offshore-wind-baltic',
  },
  {
    id: 'LN-2025-017',
    borrower: 'AquaKiosk Kenya Ltd',
    amount: '€480,000',
    status: 'Active',
    spv_id: sampleSpvIds.lending,
    opportunity_id: 'schools-ghana',
  },
  {
    id: 'LN-2025-021',
    borrower: 'Casa Justa Lisboa',
    amount: '€2,100,000',
    status: 'Pending',
    spv_id: sampleSpvIds.lending,
    opportunity_id: 'social-housing-rotterdam',
  },
  {
    id: 'LN-2025-023',
    borrower: 'EduSolar Ghana',
    amount: '€320,000',
    status: 'Pending',
    spv_id: sampleSpvIds.lending,
    opportunity_id: 'schools-ghana',
  },
];

/**
 * The repayment schedule of each drawn sample loan (`public.loan_schedule`): quarterly
 * instalments over five years, the first on the dashboards' first repayment date. The pending
 * loans are not drawn yet and have none.
 */
export const loanSchedule: { loan_id: string; due_on: string; amount_cents: number }[] = [
  ...quarterly('LN-2025-014', '2025-04-01', 20, 6_250_000),
  ...quarterly('LN-2025-017', '2025-04-10', 20, 2_400_000),
];

function quarterly(loanId: string, first: string, count: number, amountCents: number) {
  const [year, month, day] = first.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(Date.UTC(year ?? 2025, (month ?? 1) - 1 + 3 * i, day ?? 1));
    return { loan_id: loanId, due_on: at.toISOString().slice(0, 10), amount_cents: amountCents };
  });
}

export const equityHoldings: EquityHolding[] = [
  {
    company: 'Nordic Heat Pumps AB',
    shares: 12500,
    value: '€1,875,000',
    performance: '+12.4%',
    spv_id: sampleSpvIds.equity,
  },
  {
    company: 'BlueTide Desalination BV',
    shares: 8200,
    value: '€943,000',
    performance: '+4.1%',
    spv_id: sampleSpvIds.equity,
  },
  {
    company: 'Sahel Microgrids SA',
    shares: 15000,
    value: '€612,000',
    performance: '-2.3%',
    spv_id: sampleSpvIds.equity,
  },
];

export const productionAssets: ProductionAsset[] = [
  { name: 'Groningen PV Array A', status: 'Operational', value: '€8,400,000', spv_id: sampleSpvIds.production },
  { name: 'Groningen PV Array B', status: 'Under Maintenance', value: '€7,950,000', spv_id: sampleSpvIds.production },
  { name: 'Nakuru Water Kiosk Cluster', status: 'Operational', value: '€640,000', spv_id: sampleSpvIds.production },
  {
    name: 'Andalusia Agrivoltaic Field 3',
    status: 'Operational',
    value: '€5,200,000',
    spv_id: sampleSpvIds.production,
  },
];

export const complianceAlerts: ComplianceAlert[] = [
  { user: 'j.vandermeer@example.nl', issue: 'Source-of-funds document expired', priority: 'High' },
  { user: 'a.okafor@example.com', issue: 'PEP screening match needs review', priority: 'High' },
  { user: 'm.silva@example.pt', issue: 'Proof of address older than 3 months', priority: 'Medium' },
  { user: 'l.nguyen@example.vn', issue: 'Transaction above monitoring threshold', priority: 'Medium' },
];

export const auditLogs: AuditLog[] = [
  {
    id: 'AL-9012',
    actor: 'compliance@vault.example',
    action: 'Approved KYC for a.okafor@example.com',
    at: '2025-03-03T09:12:00Z',
  },
  { id: 'AL-9011', actor: 'system', action: 'Sanctions list refreshed (EU, UK, UN)', at: '2025-03-03T06:00:00Z' },
  {
    id: 'AL-9010',
    actor: 'mfo.admin@vault.example',
    action: 'Changed role of m.silva@example.pt to investor',
    at: '2025-03-02T16:45:00Z',
  },
  {
    id: 'AL-9009',
    actor: 'compliance@vault.example',
    action: 'Escalated alert for j.vandermeer@example.nl',
    at: '2025-03-02T11:20:00Z',
  },
];
