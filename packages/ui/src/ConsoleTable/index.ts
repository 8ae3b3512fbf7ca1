export type { ConsoleTableAlign, ConsoleTableColumn, ConsoleTableProps } from './ConsoleTable';
export { ConsoleTable } from './ConsoleTable';
