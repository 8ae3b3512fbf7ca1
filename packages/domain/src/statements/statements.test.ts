import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { StatementContentSchema, statementAmount, statementFileName, statementTitle, statementTotals } from './content';
import { pdfDocument } from './pdf';
import { pdfText } from './pdfText';
import { statementPdf } from './statementPdf';

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');

function quarter(lines: number, description = (i: number) => `Deposit ${i}`) {
  return v.parse(StatementContentSchema, {
    kind: 'quarterly_assets',
    member_id: '00000000-0000-4000-8000-000000000001',
    currency: 'EUR',
    period_start: '2026-07-01',
    period_end: '2026-09-30',
    positions: [
      {
        opportunity_id: 'opp-1',
        name: 'Groningen Solar Park (II) \\ €',
        units: 1000,
        cost_cents: 100_000,
        unit_price_cents: 120,
        price_as_of: '2026-08-01',
        value_cents: 120_000,
      },
    ],
    lines: Array.from({ length: lines }, (_, i) => ({
      seq: i + 1,
      occurred_at: '2026-07-02T10:00:00Z',
      kind: 'deposit',
      description: description(i + 1),
      in_cents: 100,
      out_cents: 0,
      balance_cents: (i + 1) * 100,
    })),
    totals: {
      positions_value_cents: 120_000,
      opening_cash_cents: 0,
      closing_cash_cents: lines * 100,
      in_cents: lines * 100,
      out_cents: 0,
      line_count: lines,
      assets_cents: 120_000 + lines * 100,
    },
  });
}

describe('statementAmount', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [123_450, '1234.50'],
    [-1_099, '-10.99'],
    [9_007_199_254_740_991, '90071992547409.91'],
  ])('%d cents is %s, as the CSV writes it', (cents, text) => {
    expect(statementAmount(cents)).toBe(text);
  });
});

describe('titles and file names', () => {
  it.each([
    ['quarterly_assets', '2026-01-01', 'Statement of assets Q1 2026', 'statement-of-assets-q1-2026.pdf'],
    ['quarterly_assets', '2026-10-01', 'Statement of assets Q4 2026', 'statement-of-assets-q4-2026.pdf'],
    ['annual_costs', '2025-01-01', 'Costs and charges 2025', 'costs-and-charges-2025.pdf'],
    ['annual_tax', '2025-01-01', 'Tax summary 2025', 'tax-summary-2025.pdf'],
  ] as const)('%s from %s', (kind, start, title, file) => {
    expect(statementTitle(kind, start)).toBe(title);
    expect(statementFileName(kind, start, 'pdf')).toBe(file);
  });
});

describe('pdfDocument', () => {
  it('is a PDF whose cross-reference table points at each object', () => {
    const bytes = pdfDocument([{ texts: [{ x: 50, y: 700, size: 10, text: 'Hello' }] }], 'Test');
    const text = latin1(bytes);
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const xref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets.length).toBe(7);
    offsets.forEach((offset, i) => {
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    // No clock, no random id: nothing but what the pages say.
    expect(text).not.toMatch(/CreationDate|ModDate|\/ID/);
    expect(text).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
  });

  it('escapes ( ) \\ and writes € and curly quotes as WinAnsi bytes; the reader gives them back', () => {
    const line = 'Fees (2%) \\ €10 ‘quoted’ “twice” – done';
    const bytes = pdfDocument([{ texts: [{ x: 50, y: 700, size: 10, text: line }] }], 'T');
    expect(latin1(bytes)).toContain('(Fees \\(2%\\) \\\\ \x8010 \x91quoted\x92 \x93twice\x94 \x96 done) Tj');
    expect(pdfText(bytes)).toBe(line);
  });

  it('writes a character the standard fonts lack as ?', () => {
    expect(pdfText(pdfDocument([{ texts: [{ x: 1, y: 1, size: 9, text: 'a✓b' }] }], 'T'))).toBe('a?b');
  });
});

describe('statementPdf', () => {
  it('the same content gives the same bytes', () => {
    expect(statementPdf(quarter(3))).toEqual(statementPdf(quarter(3)));
    expect(statementPdf(quarter(3))).not.toEqual(statementPdf(quarter(4)));
  });

  it('shows the totals as the CSV labels them, each on one line with its value', () => {
    const content = quarter(2);
    const text = pdfText(statementPdf(content));
    for (const { label, value } of statementTotals(content)) expect(text).toContain(`${label} ${value}`);
    expect(text).toContain('Closing cash 2.00');
    expect(text).toContain('Groningen Solar Park (II) \\ € 1000 1.20 2026-08-01 1200.00');
  });

  it('runs over as many pages as the lines need, every line on one of them, each page numbered', () => {
    const content = quarter(400);
    const text = pdfText(statementPdf(content));
    const pages = /Page 1 of (\d+)/.exec(text)?.[1];
    expect(Number(pages)).toBeGreaterThan(10);
    for (let i = 1; i <= 400; i++) expect(text).toContain(`Deposit ${i}\n`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('wraps a long description at spaces without losing a word', () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const text = pdfText(statementPdf(quarter(1, () => long)));
    expect(text.replace(/\n/g, ' ')).toContain(long);
  });

  it('annual costs and tax: their rows and totals', () => {
    const costs = v.parse(StatementContentSchema, {
      kind: 'annual_costs',
      member_id: 'm',
      currency: 'EUR',
      period_start: '2026-01-01',
      period_end: '2026-12-31',
      average_invested_cents: 50_000,
      fees: [
        { kind: 'management_fee', amount_cents: 1_000, percent: '2.00' },
        { kind: 'card_fee', amount_cents: 0, percent: '0.00' },
      ],
      totals: { fees_cents: 1_000, percent: '2.00', effect_on_return_percent: '2.00' },
    });
    const costsText = pdfText(statementPdf(costs));
    expect(costsText).toContain('Management fee 10.00 2.00%');
    expect(costsText).toContain('Effect on return (percent) 2.00');
    const tax = v.parse(StatementContentSchema, {
      kind: 'annual_tax',
      member_id: 'm',
      currency: 'EUR',
      period_start: '2026-01-01',
      period_end: '2026-12-31',
      rows: [],
      totals: { income_cents: 0, withholding_cents: 0, net_income_cents: 0, capital_returned_cents: 0 },
    });
    const taxText = pdfText(statementPdf(tax));
    expect(taxText).toContain('No income and no capital returned.');
    expect(taxText).toContain('Capital returned 0.00');
  });
});
