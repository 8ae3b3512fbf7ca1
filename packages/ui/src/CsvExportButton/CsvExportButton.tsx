import { Button, Spinner } from '@radix-ui/themes';
import { type MouseEvent, useState } from 'react';
import { cx, type RootProps } from '../internal/props';
import { type CsvCell, toCsv } from './toCsv';

/** One column of an export built from rows: its header and the cell of each row. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvCell;
}

interface CsvExportBaseProps extends RootProps<'button', 'children' | 'onClick' | 'onError'> {
  /** The file's name, e.g. 'audit-events-2026-01-01.csv'. */
  filename: string;
  /** What the button exports; 'Export CSV' by default. The row count follows it. */
  label?: string;
  /** The count in the label: '(42 rows)' by default. */
  countLabel?: (count: number) => string;
  /** Shown while `getCsv` runs; 'Preparing CSV…' by default. */
  preparingLabel?: string;
  /** Called after the download has been handed to the browser. */
  onExported?: (info: { filename: string; csv: string }) => void;
  /** Called when `getCsv` throws or rejects. */
  onError?: (error: unknown) => void;
  size?: '1' | '2' | '3';
  variant?: 'solid' | 'soft' | 'outline' | 'surface' | 'ghost';
  className?: string;
}

/** Exports what `getCsv` returns (e.g. a server's report); give `rowCount` to show the count. */
export interface CsvExportFromSourceProps extends CsvExportBaseProps {
  getCsv: () => string | Promise<string>;
  rowCount?: number;
  rows?: never;
  columns?: never;
}

/** Exports `rows` through `columns` (the header row, then one line per row). */
export interface CsvExportFromRowsProps<Row> extends CsvExportBaseProps {
  rows: readonly Row[];
  columns: readonly CsvColumn<Row>[];
  getCsv?: never;
  rowCount?: never;
}

export type CsvExportButtonProps<Row = never> = CsvExportFromSourceProps | CsvExportFromRowsProps<Row>;

function defaultCountLabel(count: number): string {
  return count === 1 ? '(1 row)' : `(${count} rows)`;
}

/**
 * Hands `csv` to the browser as a file download: a Blob, an object URL made in the click's own
 * handler, a temporary `<a download>`. The URL is revoked once the click has been dispatched.
 */
export function downloadCsv(filename: string, csv: string): void {
  const blob = new Blob([csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A button that downloads a CSV file, its label saying what it holds and how many rows
 * ('Export CSV (42 rows)').
 *
 * When to use: to export the list a console shows (or the report a server builds) as a file.
 *
 * When not: to send data anywhere; this only hands a file to the browser.
 */
export function CsvExportButton<Row>(props: CsvExportButtonProps<Row>) {
  const {
    filename,
    label = 'Export CSV',
    countLabel = defaultCountLabel,
    preparingLabel = 'Preparing CSV…',
    onExported,
    onError,
    size = '2',
    variant = 'soft',
    className,
    getCsv,
    rows,
    columns,
    rowCount,
    disabled,
    ...rest
  } = props;
  const [preparing, setPreparing] = useState(false);
  const count = rows ? rows.length : rowCount;

  async function build(): Promise<string> {
    if (getCsv) return getCsv();
    if (rows && columns) {
      return toCsv(
        columns.map((column) => column.header),
        rows.map((row) => columns.map((column) => column.value(row))),
      );
    }
    return '';
  }

  async function handleClick(_event: MouseEvent<HTMLButtonElement>) {
    if (preparing) return;
    setPreparing(true);
    try {
      const csv = await build();
      downloadCsv(filename, csv);
      onExported?.({ filename, csv });
    } catch (error) {
      onError?.(error);
    } finally {
      setPreparing(false);
    }
  }

  return (
    <Button
      type="button"
      {...rest}
      size={size}
      variant={variant}
      className={cx(className)}
      disabled={disabled || preparing}
      aria-busy={preparing || undefined}
      onClick={handleClick}
      data-row-count={count}
    >
      {preparing ? (
        <>
          <Spinner size="1" />
          {preparingLabel}
        </>
      ) : count === undefined ? (
        label
      ) : (
        `${label} ${countLabel(count)}`
      )}
    </Button>
  );
}
