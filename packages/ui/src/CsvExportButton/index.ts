export type {
  CsvColumn,
  CsvExportButtonProps,
  CsvExportFromRowsProps,
  CsvExportFromSourceProps,
} from './CsvExportButton';
export { CsvExportButton, downloadCsv } from './CsvExportButton';
export type { CsvCell } from './toCsv';
export { toCsv } from './toCsv';
