// Plain-text tables and number formats shared by the bench and the budgets check.

/** Bytes as kilobytes of 1000 bytes, one decimal: the unit docs/performance.md states its budgets in. */
export function formatKB(bytes) {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

/** A left-aligned text table with a header rule; numbers are right-aligned. */
export function table(headers, rows) {
  const cells = [headers, ...rows].map((row) => row.map((cell) => String(cell ?? '')));
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => row[column]?.length ?? 0)));
  const numeric = /^[-+]?[\d.,]+(\s?(KB|ms|x|%))?$/;
  const line = (row) =>
    row
      .map((cell, column) => (numeric.test(cell) ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join('  ')
      .trimEnd();
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** A GitHub Markdown table; pipes inside cells are escaped. */
export function markdownTable(headers, rows) {
  const cell = (value) => String(value ?? '').replaceAll('|', '\\|');
  const line = (row) => `| ${row.map(cell).join(' | ')} |`;
  return [line(headers), `|${headers.map(() => ' --- ').join('|')}|`, ...rows.map(line)].join('\n');
}
