import { feeLabels, type StatementContent, statementAmount, statementTitle, statementTotals } from './content';
import {
  PDF_PAGE_HEIGHT,
  PDF_PAGE_WIDTH,
  type PdfFont,
  type PdfPage,
  type PdfText,
  pdfDocument,
  textWidth,
} from './pdf';

/**
 * A statement as a PDF (docs/statements.md): its title and period, its tables, and the same
 * "Totals" rows as its CSV (statementTotals). A pure function of the content: no clock, no
 * randomness, so the same statement gives the same bytes.
 */

const MARGIN = 50;
const RIGHT = PDF_PAGE_WIDTH - MARGIN;
const TOP = PDF_PAGE_HEIGHT - MARGIN;
const BOTTOM = 70;
const SIZE = 9;
const LINE = 13;
/** Characters of a description per line at SIZE across the page. */
const WRAP = 100;

/** One cell of a row: left-aligned at x, or right-aligned ending at x. */
interface Cell {
  readonly text: string;
  readonly x: number;
  readonly align?: 'right';
  readonly font?: PdfFont;
}

class Layout {
  readonly pages: PdfText[][] = [[]];
  private y = TOP;

  private get page(): PdfText[] {
    const page = this.pages.at(-1);
    if (!page) throw new Error('a layout always has a page');
    return page;
  }

  /** Room for `lines` more lines, or a new page. */
  need(lines: number): void {
    if (this.y - lines * LINE < BOTTOM) {
      this.pages.push([]);
      this.y = TOP;
    }
  }

  row(cells: readonly Cell[], size = SIZE): void {
    this.need(1);
    for (const cell of cells) {
      if (cell.text === '') continue;
      const x = cell.align === 'right' ? cell.x - textWidth(cell.text, size) : cell.x;
      this.page.push({ x, y: this.y, text: cell.text, size, font: cell.font ?? 'regular' });
    }
    this.y -= size > SIZE ? size + 8 : LINE;
  }

  gap(): void {
    this.y -= LINE / 2;
  }

  heading(text: string): void {
    this.need(3);
    this.gap();
    this.row([{ text, x: MARGIN, font: 'bold' }], 11);
  }

  /** Label and value on one baseline, the value right-aligned: how a reader's text shows "label value". */
  pair(label: string, value: string, font: PdfFont = 'regular'): void {
    this.row([
      { text: label, x: MARGIN, font },
      { text: value, x: RIGHT, align: 'right', font },
    ]);
  }

  /** A long text over as many lines as it needs, cut at spaces where it can. */
  paragraph(text: string, x: number): void {
    let rest = text;
    while (rest.length > 0) {
      let cut = rest.length <= WRAP ? rest.length : rest.lastIndexOf(' ', WRAP);
      if (cut <= 0) cut = Math.min(WRAP, rest.length);
      this.row([{ text: rest.slice(0, cut), x }]);
      rest = rest.slice(cut).trimStart();
    }
  }
}

function header(layout: Layout, content: StatementContent): void {
  layout.row([{ text: `Vault · ${statementTitle(content.kind, content.period_start)}`, x: MARGIN, font: 'bold' }], 16);
  layout.pair('Period', `${content.period_start} to ${content.period_end}`);
  layout.pair('Member', content.member_id);
  layout.pair('Currency', `${content.currency} (amounts in euros, two decimals)`);
}

function quarterly(layout: Layout, content: Extract<StatementContent, { kind: 'quarterly_assets' }>): void {
  layout.heading('Positions at the end of the period');
  const columns = [
    { text: 'Offering', x: MARGIN, font: 'bold' as const },
    { text: 'Units', x: 330, align: 'right' as const, font: 'bold' as const },
    { text: 'Unit price', x: 400, align: 'right' as const, font: 'bold' as const },
    { text: 'Price of', x: 410, font: 'bold' as const },
    { text: 'Value', x: RIGHT, align: 'right' as const, font: 'bold' as const },
  ];
  layout.row(columns);
  if (content.positions.length === 0) layout.row([{ text: 'No positions.', x: MARGIN }]);
  for (const p of content.positions) {
    layout.row([
      { text: p.name.length > 45 ? `${p.name.slice(0, 44)}…` : p.name, x: MARGIN },
      { text: String(p.units), x: 330, align: 'right' },
      { text: statementAmount(p.unit_price_cents), x: 400, align: 'right' },
      { text: p.price_as_of || 'issue', x: 410 },
      { text: statementAmount(p.value_cents), x: RIGHT, align: 'right' },
    ]);
  }
  layout.pair('Total positions value', statementAmount(content.totals.positions_value_cents), 'bold');

  layout.heading('Cash: every ledger line of the period');
  const lineColumns = [
    { text: 'When (UTC)', x: MARGIN, font: 'bold' as const },
    { text: 'Kind', x: 160, font: 'bold' as const },
    { text: 'In', x: 385, align: 'right' as const, font: 'bold' as const },
    { text: 'Out', x: 455, align: 'right' as const, font: 'bold' as const },
    { text: 'Balance', x: RIGHT, align: 'right' as const, font: 'bold' as const },
  ];
  layout.row(lineColumns);
  layout.pair('Opening cash', statementAmount(content.totals.opening_cash_cents));
  if (content.lines.length === 0) layout.row([{ text: 'No movements.', x: MARGIN }]);
  for (const line of content.lines) {
    layout.need(2);
    layout.row([
      { text: line.occurred_at.replace('T', ' ').replace('Z', ''), x: MARGIN },
      { text: line.kind, x: 160 },
      { text: line.in_cents ? statementAmount(line.in_cents) : '', x: 385, align: 'right' },
      { text: line.out_cents ? statementAmount(line.out_cents) : '', x: 455, align: 'right' },
      { text: statementAmount(line.balance_cents), x: RIGHT, align: 'right' },
    ]);
    layout.paragraph(line.description, MARGIN + 12);
  }
  layout.row([
    { text: `Total lines ${content.totals.line_count}`, x: MARGIN, font: 'bold' },
    { text: statementAmount(content.totals.in_cents), x: 385, align: 'right', font: 'bold' },
    { text: statementAmount(content.totals.out_cents), x: 455, align: 'right', font: 'bold' },
  ]);
}

function costs(layout: Layout, content: Extract<StatementContent, { kind: 'annual_costs' }>): void {
  layout.heading('Costs and charges paid in the year');
  layout.row([
    { text: 'Cost', x: MARGIN, font: 'bold' },
    { text: 'Amount', x: 420, align: 'right', font: 'bold' },
    { text: '% of average invested', x: RIGHT, align: 'right', font: 'bold' },
  ]);
  for (const fee of content.fees) {
    layout.row([
      { text: feeLabels[fee.kind] ?? fee.kind, x: MARGIN },
      { text: statementAmount(fee.amount_cents), x: 420, align: 'right' },
      { text: fee.percent === null ? 'n/a' : `${fee.percent}%`, x: RIGHT, align: 'right' },
    ]);
  }
  layout.paragraph(
    'The percentages are of the average amount invested over the year; their sum is how much the costs lowered the return of the year.',
    MARGIN,
  );
}

function tax(layout: Layout, content: Extract<StatementContent, { kind: 'annual_tax' }>): void {
  layout.heading('Income and capital, per offering');
  layout.row([
    { text: 'Offering', x: MARGIN, font: 'bold' },
    { text: 'Income', x: 300, align: 'right', font: 'bold' },
    { text: 'Withheld', x: 370, align: 'right', font: 'bold' },
    { text: 'Net income', x: 450, align: 'right', font: 'bold' },
    { text: 'Capital', x: RIGHT, align: 'right', font: 'bold' },
  ]);
  if (content.rows.length === 0) layout.row([{ text: 'No income and no capital returned.', x: MARGIN }]);
  for (const r of content.rows) {
    layout.row([
      { text: r.name.length > 38 ? `${r.name.slice(0, 37)}…` : r.name, x: MARGIN },
      { text: statementAmount(r.income_cents), x: 300, align: 'right' },
      { text: statementAmount(r.withholding_cents), x: 370, align: 'right' },
      { text: statementAmount(r.net_income_cents), x: 450, align: 'right' },
      { text: statementAmount(r.capital_returned_cents), x: RIGHT, align: 'right' },
    ]);
  }
}

export function statementPdf(content: StatementContent): Uint8Array<ArrayBuffer> {
  const layout = new Layout();
  header(layout, content);
  if (content.kind === 'quarterly_assets') quarterly(layout, content);
  else if (content.kind === 'annual_costs') costs(layout, content);
  else tax(layout, content);
  layout.heading('Totals');
  for (const total of statementTotals(content)) layout.pair(total.label, total.value, 'bold');

  const title = statementTitle(content.kind, content.period_start);
  const pages: PdfPage[] = layout.pages.map((texts, i) => ({
    texts: [
      ...texts,
      { x: MARGIN, y: 40, size: 8, text: `${title} · ${content.period_start} to ${content.period_end}` },
      {
        x: RIGHT - textWidth(`Page ${i + 1} of ${layout.pages.length}`, 8),
        y: 40,
        size: 8,
        text: `Page ${i + 1} of ${layout.pages.length}`,
      },
    ],
  }));
  return pdfDocument(pages, title);
}
