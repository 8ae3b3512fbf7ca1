import { eeaCountryCodes } from '../../eligibility/countries';
import type { OpportunityDetail } from '../../entities';
import { type ImpactMetric, sampleOfferingDefaults, termMonthsOf, yieldBps } from '../../offerings/terms';
import type { Opportunity } from '../../opportunities';
import { spvOfOpportunity } from './spvs';

/**
 * Sample opportunities: every category and region, terms in Months and Years (docs/decisions.md (13)).
 * Open to every category with no minimum (their minInvestment is for display only), and to every
 * country but for one (`eligibleCountries`).
 */
const listed: Opportunity[] = [
  {
    id: 'solar-park-groningen',
    name: 'Groningen Solar Park II',
    category: 'Renewable energy',
    region: 'Netherlands',
    apy: '7.2%',
    minInvestment: '€5,000',
    term: '36 Months',
    ratings: 4.6,
    riskScore: 3,
    country: 'Netherlands',
    audited: true,
    open: true,
    description:
      'A 48 MW solar park on former farmland, selling power to Dutch utilities under a fixed-price contract.',
  },
  {
    id: 'offshore-wind-baltic',
    name: 'Baltic Offshore Wind Notes',
    category: 'Renewable energy',
    region: 'EU',
    apy: '6.4%',
    minInvestment: '€10,000',
    term: '5 Years',
    ratings: 4.4,
    riskScore: 2,
    country: 'Germany',
    audited: true,
    open: true,
    description: 'Senior notes financing the grid connection of an offshore wind farm in the Baltic Sea.',
  },
  {
    id: 'affordable-homes-lisbon',
    name: 'Lisbon Affordable Homes',
    category: 'Social impact, Housing',
    region: 'EU',
    apy: '5.8%',
    minInvestment: '€5,000',
    term: '4 Years',
    ratings: 4.2,
    riskScore: 3,
    country: 'Portugal',
    audited: true,
    open: true,
    description: 'Renovation of 120 apartments let below market rent to key workers, with a municipal lease.',
  },
  {
    id: 'social-housing-rotterdam',
    name: 'Rotterdam Social Housing Fund',
    category: 'Social impact, Housing',
    region: 'Netherlands',
    apy: '4.9%',
    minInvestment: '€2,500',
    term: '18 Months',
    ratings: 4.0,
    riskScore: 2,
    country: 'Netherlands',
    audited: false,
    open: true,
    description: 'Bridge financing for energy-efficient social housing built with a housing association.',
  },
  {
    id: 'clean-water-kenya',
    name: 'Kenya Clean Water Kiosks',
    category: 'Clean water',
    region: 'Africa',
    apy: '9.1%',
    minInvestment: '€1,000',
    term: '24 Months',
    ratings: 4.7,
    riskScore: 4,
    country: 'Kenya',
    audited: true,
    open: true,
    description: 'Solar-powered purification kiosks that sell safe drinking water to 60,000 people a day.',
  },
  {
    id: 'desalination-india',
    name: 'Gujarat Brackish Water Plant',
    category: 'Clean water',
    region: 'Asia',
    apy: '8.3%',
    minInvestment: '€7,500',
    term: '3 Years',
    ratings: 3.9,
    riskScore: 4,
    country: 'India',
    audited: false,
    open: false,
    description: 'A low-energy reverse-osmosis plant supplying farms and villages with treated water.',
  },
  {
    id: 'schools-ghana',
    name: 'Ghana Solar Schools',
    category: 'Education',
    region: 'Africa',
    apy: '6.9%',
    minInvestment: '€500',
    term: '12 Months',
    ratings: 4.5,
    riskScore: 3,
    country: 'Ghana',
    audited: true,
    open: true,
    description: 'Rooftop solar and digital classrooms for 40 rural schools, repaid from energy savings.',
  },
  {
    id: 'edtech-vietnam',
    name: 'Vietnam Vocational Learning',
    category: 'Education',
    region: 'Asia',
    apy: '7.8%',
    minInvestment: '€3,000',
    term: '30 Months',
    ratings: 4.1,
    riskScore: 3,
    country: 'Vietnam',
    audited: true,
    open: true,
    description: 'Loans to vocational colleges training technicians for the renewable-energy industry.',
  },
  {
    id: 'agrivoltaics-spain',
    name: 'Andalusia Agrivoltaics',
    category: 'Renewable energy',
    region: 'EU',
    apy: '6.1%',
    minInvestment: '€5,000',
    term: '2 Years',
    ratings: 4.3,
    riskScore: 2,
    country: 'Spain',
    audited: true,
    open: true,
    description: 'Raised solar panels over olive groves, sharing the land between crops and power.',
  },
];
/**
 * Who may invest in each sample (docs/eligibility.md): only Lisbon Affordable Homes is restricted,
 * to residents of the EEA, so a UK resident meets "Not offered where you live" there.
 */
const eligibleCountries: Partial<Record<string, string[]>> = {
  'affordable-homes-lisbon': [...eeaCountryCodes],
};

/** The impact each sample's own description states, as metrics with units. */
const impactMetrics: Partial<Record<string, ImpactMetric[]>> = {
  'solar-park-groningen': [{ name: 'Solar capacity', unit: 'MW installed', per_year: 48 }],
  'affordable-homes-lisbon': [{ name: 'Homes let below market rent', unit: 'apartments', per_year: 120 }],
  'clean-water-kenya': [{ name: 'Safe drinking water', unit: 'people served per day', per_year: 60_000 }],
  'schools-ghana': [{ name: 'Schools equipped', unit: 'rural schools', per_year: 40 }],
};

/**
 * Each sample's typed terms: its own yield and term (the display fields are the same facts), the
 * specification's defaults for the rest, a unit price of €1, first come, first served, and no
 * deadline, target or enforced minimum (docs/offerings.md "Sample opportunities").
 */
export const opportunities: Opportunity[] = listed.map((o) => ({
  ...o,
  eligible_countries: eligibleCountries[o.id] ?? null,
  eligible_categories: null,
  min_ticket_cents: null,
  spv_id: spvOfOpportunity(o.id),
  status: o.open ? 'open' : 'closed',
  unit_price_cents: 100,
  min_target_cents: null,
  max_target_cents: null,
  max_ticket_cents: null,
  opens_at: null,
  deadline_at: null,
  term_months: termMonthsOf(o.term),
  projected_yield_bps: yieldBps(o.apy),
  distribution_frequency: sampleOfferingDefaults.distribution_frequency,
  lockup_months: sampleOfferingDefaults.lockup_months,
  early_redemption_fee_bps: sampleOfferingDefaults.early_redemption_fee_bps,
  allocation_rule: 'first_come',
  impact_metrics: impactMetrics[o.id] ?? [],
  documents: [],
}));

/** The detail record of each sample opportunity, keyed by the same id. */
export const opportunityDetails: OpportunityDetail[] = opportunities.map((o) => ({
  id: o.id,
  name: o.name,
  type: o.category,
  yield: o.apy,
  risk: o.riskScore <= 2 ? 'Low' : o.riskScore === 3 ? 'Medium' : 'High',
  impact: impactOf(o.category),
  term: o.term,
  status: o.open ? 'Open' : 'Closed',
}));

function impactOf(category: Opportunity['category']): string {
  switch (category) {
    case 'Renewable energy':
      return 'CO₂ avoided';
    case 'Social impact, Housing':
      return 'Affordable homes';
    case 'Clean water':
      return 'Safe water access';
    case 'Education':
      return 'Students reached';
  }
}
