import { describe, expect, it } from 'vitest';
import {
  filterOpportunities,
  type Opportunity,
  opportunityLocation,
  opportunityQueryFromParams,
  opportunityQueryToParams,
  opportunitySummary,
  sortOpportunities,
} from './opportunities';

function opp(id: string, patch: Partial<Opportunity>): Opportunity {
  return {
    id,
    name: id,
    category: 'Renewable energy',
    region: 'EU',
    apy: '5%',
    minInvestment: '€5,000',
    term: '12 Months',
    ratings: 4,
    riskScore: 3,
    country: 'Germany',
    audited: true,
    open: true,
    description: '',
    ...patch,
  };
}

const list = [
  opp('a', { apy: '7.2%', minInvestment: '€10,000', term: '3 Years', category: 'Education', region: 'Africa' }),
  opp('b', { apy: '9.5%', minInvestment: '€1,000', term: '18 Months', audited: false }),
  opp('c', { apy: '6%', minInvestment: '€25,000', term: '2 Years', category: 'Clean water', region: 'Asia' }),
  opp('d', {
    apy: '8.1%',
    minInvestment: '€500',
    term: '30 Months',
    category: 'Social impact, Housing',
    region: 'Netherlands',
  }),
];

describe('sortOpportunities', () => {
  const ids = (sort: Parameters<typeof sortOpportunities>[1]) => sortOpportunities(list, sort).map((o) => o.id);
  it('relevance keeps the given order', () => expect(ids('relevance')).toEqual(['a', 'b', 'c', 'd']));
  it('APY high to low', () => expect(ids('apy-desc')).toEqual(['b', 'd', 'a', 'c']));
  it('min investment low to high', () => expect(ids('min-asc')).toEqual(['d', 'b', 'a', 'c']));
  it('term short to long converts years to months', () => {
    // 18 Months < 2 Years (24) < 30 Months < 3 Years (36): a sort on the raw number would differ.
    expect(ids('term-asc')).toEqual(['b', 'c', 'd', 'a']);
  });
  it('does not change the list it was given', () => {
    sortOpportunities(list, 'apy-desc');
    expect(list.map((o) => o.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('filterOpportunities', () => {
  it('filters by category and region together', () => {
    expect(filterOpportunities(list, { category: 'All', region: 'All' })).toHaveLength(4);
    expect(filterOpportunities(list, { category: 'Renewable energy', region: 'All' }).map((o) => o.id)).toEqual(['b']);
    expect(filterOpportunities(list, { category: 'All', region: 'Asia' }).map((o) => o.id)).toEqual(['c']);
    expect(filterOpportunities(list, { category: 'Education', region: 'Asia' })).toEqual([]);
  });
});

describe('opportunityLocation', () => {
  it('names the country and its region, or the region alone when the country is the region', () => {
    expect(opportunityLocation({ country: 'Germany', region: 'EU' })).toBe('Germany, EU');
    expect(opportunityLocation({ country: 'Netherlands', region: 'Netherlands' })).toBe('Netherlands');
    expect(opportunityLocation({ country: '', region: 'Asia' })).toBe('Asia');
  });
});

describe('opportunitySummary', () => {
  it('counts, averages APY to one decimal and rounds the audited percent', () => {
    // (7.2 + 9.5 + 6 + 8.1) / 4 = 7.7; 3 of 4 audited = 75%.
    expect(opportunitySummary(list)).toEqual({ count: 4, averageApy: 7.7, auditedPercent: 75 });
    expect(opportunitySummary(list.slice(0, 3))).toEqual({ count: 3, averageApy: 7.6, auditedPercent: 67 });
  });
  it('is zero for an empty list', () => {
    expect(opportunitySummary([])).toEqual({ count: 0, averageApy: 0, auditedPercent: 0 });
  });
});

describe('opportunity query in the URL', () => {
  it('reads known values and falls back on anything else', () => {
    const params = new Map([
      ['category', 'Clean water'],
      ['region', 'Mars'],
      ['sort', 'term-asc'],
    ]);
    expect(opportunityQueryFromParams((k) => params.get(k) ?? null)).toEqual({
      category: 'Clean water',
      region: 'All',
      sort: 'term-asc',
    });
    expect(opportunityQueryFromParams(() => '<script>')).toEqual({ category: 'All', region: 'All', sort: 'relevance' });
  });
  it('writes only what differs from the defaults', () => {
    expect(opportunityQueryToParams({ category: 'All', region: 'EU', sort: 'relevance' })).toEqual({ region: 'EU' });
  });
});
