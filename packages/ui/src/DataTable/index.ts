export type { DataTableAlign, DataTableColumn, DataTableProps } from './DataTable';
export { DataTable } from './DataTable';
