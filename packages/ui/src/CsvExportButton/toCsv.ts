/** One CSV cell: text, a number, a boolean, or nothing (an empty field). */
export type CsvCell = string | number | boolean | null | undefined;

/** A leading = + - @ (or a tab or carriage return) makes a spreadsheet read text as a formula. */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, with its quotes
 * doubled. Text starting like a formula gets a leading single quote so a spreadsheet shows it
 * instead of running it (OWASP "CSV injection"). Numbers are written as they are, so a negative
 * amount stays a number.
 */
function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  const guarded = formulaStart.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** A CSV document: the header row, then one line per row, each line ended by CRLF (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvField).join(','));
  return lines.map((line) => `${line}\r\n`).join('');
}
