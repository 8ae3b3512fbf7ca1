import { Table } from '@radix-ui/themes';
import { type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import { cx, mergeRefs, type RootProps } from '../internal/props';
import { visuallyHidden } from '../theme';
import * as styles from './DataTable.css';

export type DataTableAlign = 'left' | 'center' | 'right';

export interface DataTableColumn<Row extends object> {
  /** A field of the row (shown as is when there is no `render`), or any unique id with `render`. */
  key: (keyof Row & string) | (string & {});
  header: string;
  /** Custom cell content, e.g. a StatusChip or MoneyText. */
  render?: (row: Row, index: number) => ReactNode;
  /** Horizontal alignment; 'right' suits amounts. Defaults to 'left'. */
  align?: DataTableAlign;
}

/** Own props, plus every native prop of the root `<div>` (className, style, id, data-*, aria-*, ref). */
export interface DataTableProps<Row extends object> extends RootProps<'div', 'children'> {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  /** The table's accessible name, e.g. 'Recent investments'. Always required. */
  caption: string;
  /** Hide the caption on screen (it stays the table's name for assistive technology). */
  captionHidden?: boolean;
  /** Shown in one full-width row when `rows` is empty. */
  emptyMessage?: ReactNode;
  /** A stable key per row; defaults to the row's index. */
  getRowKey?: (row: Row, index: number) => string;
  /** The column whose cells name their row (`<th scope="row">`); defaults to the first column. */
  rowHeaderKey?: string;
  variant?: 'surface' | 'ghost';
  size?: '1' | '2' | '3';
  className?: string;
}

const justify = { left: 'start', center: 'center', right: 'end' } as const;

/**
 * A table wider than its box (a phone) scrolls sideways inside Radix's scroll area. Keyboard users
 * must be able to scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable), so while it
 * overflows its viewport is a named, focusable group (not a region: the section around a table often
 * has the same name, and two landmarks may not); when everything fits it is no tab stop.
 */
function useScrollableRegion(root: RefObject<HTMLDivElement | null>, name: string): void {
  useLayoutEffect(() => {
    const viewport = root.current?.querySelector<HTMLElement>('[data-radix-scroll-area-viewport]');
    if (!viewport) return;
    const update = () => {
      if (viewport.scrollWidth > viewport.clientWidth) {
        viewport.tabIndex = 0;
        viewport.setAttribute('role', 'group');
        viewport.setAttribute('aria-label', name);
      } else {
        viewport.removeAttribute('tabindex');
        viewport.removeAttribute('role');
        viewport.removeAttribute('aria-label');
      }
    };
    update();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(update);
    observer.observe(viewport);
    const table = viewport.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [root, name]);
}

function cellContent<Row extends object>(column: DataTableColumn<Row>, row: Row, index: number): ReactNode {
  if (column.render) return column.render(row, index);
  const value: unknown = Object.hasOwn(row, column.key) ? Reflect.get(row, column.key) : undefined;
  if (value === undefined || value === null) return '';
  if (typeof value === 'string' || typeof value === 'number') return value;
  return String(value);
}

/**
 * A semantic table with a caption, typed columns, and an empty state.
 *
 * When to use: for rows of records that people compare by column (investments, users, documents).
 *
 * When not: for a handful of facts about one thing (use a description list) or for cards people
 * browse (OpportunityCard).
 */
export function DataTable<Row extends object>({
  columns,
  rows,
  caption,
  captionHidden = false,
  emptyMessage = 'Nothing to show yet.',
  getRowKey,
  rowHeaderKey,
  variant = 'surface',
  size = '2',
  className,
  ref,
  ...rest
}: DataTableProps<Row>) {
  const headerKey = rowHeaderKey ?? columns[0]?.key;
  const root = useRef<HTMLDivElement>(null);
  useScrollableRegion(root, caption);
  return (
    <Table.Root {...rest} ref={mergeRefs(root, ref)} variant={variant} size={size} className={cx(className)}>
      <caption className={captionHidden ? visuallyHidden : styles.caption}>{caption}</caption>
      <Table.Header>
        <Table.Row>
          {columns.map((column) => (
            <Table.ColumnHeaderCell key={column.key} justify={justify[column.align ?? 'left']}>
              {column.header}
            </Table.ColumnHeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.length === 0 ? (
          <Table.Row>
            <Table.Cell colSpan={Math.max(columns.length, 1)} className={styles.empty}>
              {emptyMessage}
            </Table.Cell>
          </Table.Row>
        ) : (
          rows.map((row, index) => (
            <Table.Row key={getRowKey ? getRowKey(row, index) : index}>
              {columns.map((column) => {
                const props = {
                  justify: justify[column.align ?? 'left'],
                  className: column.align === 'right' ? styles.numeric : undefined,
                  children: cellContent(column, row, index),
                };
                return column.key === headerKey ? (
                  <Table.RowHeaderCell key={column.key} {...props} />
                ) : (
                  <Table.Cell key={column.key} {...props} />
                );
              })}
            </Table.Row>
          ))
        )}
      </Table.Body>
    </Table.Root>
  );
}
