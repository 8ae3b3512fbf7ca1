import { Button, Spinner, Table } from '@radix-ui/themes';
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { cx, mergeRefs, type RootProps } from '../internal/props';
import { visuallyHidden } from '../theme';
import * as styles from './ConsoleTable.css';

export type ConsoleTableAlign = 'left' | 'center' | 'right';

export interface ConsoleTableColumn<Row> {
  /** Unique among the columns. */
  id: string;
  header: string;
  /** The cell's content for a row: text, a StatusBadge, a MoneyText… */
  cell: (row: Row) => ReactNode;
  /** A CSS width, e.g. '12rem' or 160 (px). */
  width?: CSSProperties['width'];
  /** 'right' suits amounts. Defaults to 'left'. */
  align?: ConsoleTableAlign;
  /**
   * The column that names the row: its cell is the row header, holds the row's select button and
   * stays visible (sticky) when a narrow screen scrolls the table sideways. One column; the first
   * column when none says so. Put it first.
   */
  primary?: boolean;
  /** Let the cells wrap onto several lines (long text such as a note); by default they stay on one. */
  wrap?: boolean;
}

/** Own props, plus every native prop of the root `<div>` (className, style, id, data-*, aria-*, ref). */
export interface ConsoleTableProps<Row> extends RootProps<'div', 'children' | 'onSelect'> {
  /** The table's accessible name, e.g. 'KYC reviews waiting'. */
  caption: string;
  /** Hide the caption on screen (it stays the table's name). */
  captionHidden?: boolean;
  columns: readonly ConsoleTableColumn<Row>[];
  rows: readonly Row[];
  /** A stable id per row (e.g. the record's uuid): the selection and React's keys use it. */
  getRowId: (row: Row) => string;
  /** The selected row's id, or null. */
  selectedId?: string | null;
  /** Called when a row is chosen by click, Enter or Space. Without it, rows are not selectable. */
  onSelect?: (row: Row) => void;
  /** The select button's accessible name; defaults to the primary cell's text ('Select Ada Lovelace' reads better: give it). */
  rowActionLabel?: (row: Row) => string;
  /** First load: skeleton rows and aria-busy instead of rows. */
  loading?: boolean;
  /** How many skeleton rows while loading; 5 by default. */
  skeletonRows?: number;
  /** Shown in the table when there are no rows, e.g. 'No reviews waiting'. */
  empty?: ReactNode;
  /** A load that failed: the message, with a Retry button when `onRetry` is given. */
  error?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  /** Keyset paging: another page exists after the last row. */
  hasMore?: boolean;
  /** The next page is loading: the button is disabled and says so. */
  loadingMore?: boolean;
  onLoadMore?: () => void;
  /** 'Load more' by default. */
  loadMoreLabel?: string;
  /** 'Loading more…' by default. */
  loadingMoreLabel?: string;
  size?: '1' | '2' | '3';
  className?: string;
}

const justify = { left: 'start', center: 'center', right: 'end' } as const;

/**
 * A table wider than its box (a phone, or beside an open detail panel) scrolls sideways inside
 * Radix's scroll area. While it overflows, its viewport is a named, focusable group so keyboard
 * users can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable), as DataTable does, and the
 * answer says so, for the hint under the table.
 */
function useScrollableRegion(root: RefObject<HTMLDivElement | null>, name: string): boolean {
  const [overflowing, setOverflowing] = useState(false);
  const sync = useRef<() => void>(() => {});
  sync.current = () => {
    const viewport = root.current?.querySelector<HTMLElement>('[data-radix-scroll-area-viewport]');
    if (!viewport) return;
    const wide = viewport.scrollWidth > viewport.clientWidth + 1;
    setOverflowing(wide);
    if (wide) {
      viewport.tabIndex = 0;
      viewport.setAttribute('role', 'group');
      viewport.setAttribute('aria-label', name);
    } else {
      viewport.removeAttribute('tabindex');
      viewport.removeAttribute('role');
      viewport.removeAttribute('aria-label');
    }
  };
  // After every render: new rows or wider cells may make the table overflow before any resize.
  useLayoutEffect(() => sync.current());
  useLayoutEffect(() => {
    const viewport = root.current?.querySelector<HTMLElement>('[data-radix-scroll-area-viewport]');
    if (!viewport || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => sync.current());
    observer.observe(viewport);
    const table = viewport.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [root]);
  return overflowing;
}

function range(count: number): number[] {
  return Array.from({ length: Math.max(0, Math.floor(count)) }, (_, index) => index);
}

/**
 * A console's queue or list: typed columns, a primary column naming each row, selection by click
 * and keyboard (Up/Down/Home/End move between rows, Enter or Space selects), and the states a
 * server-paged list has: loading, empty, error with Retry, and 'Load more' (keyset paging).
 *
 * When to use: for an operator's queue or list of records that opens a detail panel.
 *
 * When not: for a read-only table of a few rows (DataTable).
 */
export function ConsoleTable<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  getRowId,
  selectedId = null,
  onSelect,
  rowActionLabel,
  loading = false,
  skeletonRows = 5,
  empty = 'Nothing to show.',
  error,
  onRetry,
  retryLabel = 'Retry',
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  loadMoreLabel = 'Load more',
  loadingMoreLabel = 'Loading more…',
  size = '2',
  className,
  ref,
  ...rest
}: ConsoleTableProps<Row>) {
  const root = useRef<HTMLDivElement>(null);
  const overflowing = useScrollableRegion(root, caption);
  const primaryId = (columns.find((column) => column.primary) ?? columns[0])?.id;
  const selectedIndex = rows.findIndex((row) => getRowId(row) === selectedId);
  // Roving focus: one select button is a tab stop (the selected row's, or the first, or the one
  // the arrow keys last reached); the arrow keys move between them.
  const [focusId, setFocusId] = useState<string | null>(null);
  const focusIndex = rows.findIndex((row) => getRowId(row) === focusId);
  const tabStopIndex = focusIndex >= 0 ? focusIndex : Math.max(selectedIndex, 0);
  const hasError = error !== undefined && error !== null && error !== false;
  const showRows = !loading && !hasError;
  const span = Math.max(columns.length, 1);

  function moveFocus(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    let next: number;
    if (event.key === 'ArrowDown') next = Math.min(index + 1, rows.length - 1);
    else if (event.key === 'ArrowUp') next = Math.max(index - 1, 0);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = rows.length - 1;
    else return;
    event.preventDefault();
    const row = rows[next];
    if (!row) return;
    const id = getRowId(row);
    setFocusId(id);
    root.current?.querySelector<HTMLButtonElement>(`[data-row-button="${CSS.escape(id)}"]`)?.focus();
  }

  function cellStyle(column: ConsoleTableColumn<Row>): CSSProperties | undefined {
    return column.width === undefined ? undefined : { width: column.width, minWidth: column.width };
  }

  return (
    <div {...rest} ref={mergeRefs(root, ref)} className={cx(styles.root, className)}>
      <Table.Root variant="surface" size={size} className={styles.table} aria-busy={loading || undefined}>
        <caption className={captionHidden ? visuallyHidden : styles.caption}>{caption}</caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeaderCell
                key={column.id}
                justify={justify[column.align ?? 'left']}
                style={cellStyle(column)}
                className={cx(column.id === primaryId && styles.sticky, !column.wrap && styles.nowrap)}
              >
                {column.header}
              </Table.ColumnHeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {loading &&
            range(skeletonRows).map((index) => (
              <Table.Row key={`skeleton-${index}`} aria-hidden="true" data-skeleton="">
                {columns.map((column) => (
                  <Table.Cell key={column.id} className={column.id === primaryId ? styles.sticky : undefined}>
                    <span className={styles.skeleton} />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          {!loading && hasError && (
            <Table.Row>
              <Table.Cell colSpan={span} className={styles.message}>
                <div role="alert" className={styles.errorBox}>
                  <span>{error}</span>
                  {onRetry && (
                    <Button type="button" size="2" variant="soft" onClick={onRetry}>
                      {retryLabel}
                    </Button>
                  )}
                </div>
              </Table.Cell>
            </Table.Row>
          )}
          {showRows && rows.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={span} className={styles.message}>
                {empty}
              </Table.Cell>
            </Table.Row>
          )}
          {showRows &&
            rows.map((row, index) => {
              const id = getRowId(row);
              const selected = id === selectedId;
              return (
                <Table.Row
                  key={id}
                  className={cx(styles.row, onSelect && styles.selectable, selected && styles.selected)}
                  data-selected={selected || undefined}
                  onClick={
                    onSelect
                      ? (event) => {
                          // A click on a control inside the row (a link, a button) is that control's.
                          const target = event.target as Element;
                          if (target.closest('a, button, input, select, textarea, label')) return;
                          onSelect(row);
                        }
                      : undefined
                  }
                >
                  {columns.map((column) => {
                    const content = column.cell(row);
                    const style = cellStyle(column);
                    const alignClass = cx(column.align === 'right' && styles.numeric, !column.wrap && styles.nowrap);
                    if (column.id !== primaryId) {
                      return (
                        <Table.Cell
                          key={column.id}
                          justify={justify[column.align ?? 'left']}
                          style={style}
                          className={alignClass}
                        >
                          {content}
                        </Table.Cell>
                      );
                    }
                    return (
                      <Table.RowHeaderCell
                        key={column.id}
                        justify={justify[column.align ?? 'left']}
                        style={style}
                        className={cx(styles.sticky, selected && styles.stickySelected, alignClass)}
                      >
                        {onSelect ? (
                          <button
                            type="button"
                            className={styles.rowButton}
                            data-row-button={id}
                            tabIndex={index === tabStopIndex ? 0 : -1}
                            aria-pressed={selected}
                            aria-label={rowActionLabel ? rowActionLabel(row) : undefined}
                            onFocus={() => setFocusId(id)}
                            onKeyDown={(event) => moveFocus(event, index)}
                            onClick={() => onSelect(row)}
                          >
                            {content}
                          </button>
                        ) : (
                          content
                        )}
                      </Table.RowHeaderCell>
                    );
                  })}
                </Table.Row>
              );
            })}
        </Table.Body>
      </Table.Root>
      {overflowing && (
        <p className={styles.scrollHint} data-scroll-hint="">
          Scroll sideways for more columns →
        </p>
      )}
      {loading && (
        <span role="status" className={visuallyHidden}>
          Loading {caption}…
        </span>
      )}
      {showRows && hasMore && onLoadMore && (
        <div className={styles.footer}>
          <Button type="button" variant="soft" size="2" disabled={loadingMore} onClick={onLoadMore}>
            {loadingMore ? (
              <>
                <Spinner size="1" />
                {loadingMoreLabel}
              </>
            ) : (
              loadMoreLabel
            )}
          </Button>
        </div>
      )}
    </div>
  );
}
