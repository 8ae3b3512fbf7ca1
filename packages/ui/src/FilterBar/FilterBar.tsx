import { Button, TextField } from '@radix-ui/themes';
import { type FormEvent, useId } from 'react';
import { cx, type RootProps } from '../internal/props';
import * as styles from './FilterBar.css';

/** A text search; the caller debounces before it queries the server. */
export interface FilterBarSearch {
  kind: 'search';
  /** Unique among the filters; also the input's name. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

export interface FilterBarOption {
  value: string;
  label: string;
}

/** A choice among options; `allLabel` adds a first option with the value '' (no filter). */
export interface FilterBarSelect {
  kind: 'select';
  id: string;
  label: string;
  value: string;
  options: readonly FilterBarOption[];
  onChange: (value: string) => void;
  /** e.g. 'All actions': the option with the value '', listed first. */
  allLabel?: string;
}

/** Dates as the input gives them, 'YYYY-MM-DD', or '' for no bound. */
export interface FilterBarDateRangeValue {
  from: string;
  to: string;
}

/** A date range: two date inputs, 'From' and 'To', under one legend. */
export interface FilterBarDateRange {
  kind: 'dateRange';
  id: string;
  label: string;
  value: FilterBarDateRangeValue;
  onChange: (value: FilterBarDateRangeValue) => void;
  fromLabel?: string;
  toLabel?: string;
}

export type FilterBarFilter = FilterBarSearch | FilterBarSelect | FilterBarDateRange;

/** Own props, plus every native prop of the root `<form>` (className, style, id, data-*, aria-*, ref). */
export interface FilterBarProps extends RootProps<'form', 'children' | 'onSubmit'> {
  /** The group's accessible name, e.g. 'Filter audit events'. */
  label: string;
  filters: readonly FilterBarFilter[];
  /** Clears every filter; the button shows only when it is given, enabled while a filter is set. */
  onClear?: () => void;
  /** 'Clear filters' by default. */
  clearLabel?: string;
  /** Enter in the search field: e.g. to search at once instead of after the debounce. */
  onSubmit?: () => void;
  className?: string;
}

/** True when any filter narrows the list. */
export function hasActiveFilter(filters: readonly FilterBarFilter[]): boolean {
  return filters.some((filter) =>
    filter.kind === 'dateRange' ? filter.value.from !== '' || filter.value.to !== '' : filter.value !== '',
  );
}

function SearchField({ filter, inputId }: { filter: FilterBarSearch; inputId: string }) {
  return (
    <div className={cx(styles.field, styles.searchField)}>
      <label htmlFor={inputId} className={styles.label}>
        {filter.label}
      </label>
      <TextField.Root
        id={inputId}
        name={filter.id}
        type="search"
        size="2"
        value={filter.value}
        placeholder={filter.placeholder}
        onChange={(event) => filter.onChange(event.currentTarget.value)}
      />
    </div>
  );
}

function SelectField({ filter, inputId }: { filter: FilterBarSelect; inputId: string }) {
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {filter.label}
      </label>
      <select
        id={inputId}
        name={filter.id}
        className={styles.select}
        value={filter.value}
        onChange={(event) => filter.onChange(event.currentTarget.value)}
      >
        {filter.allLabel !== undefined && <option value="">{filter.allLabel}</option>}
        {filter.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function DateRangeField({ filter, inputId }: { filter: FilterBarDateRange; inputId: string }) {
  const { from, to } = filter.value;
  return (
    <fieldset className={styles.range}>
      <legend className={styles.label}>{filter.label}</legend>
      <div className={styles.rangeInputs}>
        <div className={styles.field}>
          <label htmlFor={`${inputId}-from`} className={styles.subLabel}>
            {filter.fromLabel ?? 'From'}
          </label>
          <TextField.Root
            id={`${inputId}-from`}
            name={`${filter.id}-from`}
            type="date"
            size="2"
            value={from}
            max={to || undefined}
            onChange={(event) => filter.onChange({ from: event.currentTarget.value, to })}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${inputId}-to`} className={styles.subLabel}>
            {filter.toLabel ?? 'To'}
          </label>
          <TextField.Root
            id={`${inputId}-to`}
            name={`${filter.id}-to`}
            type="date"
            size="2"
            value={to}
            min={from || undefined}
            onChange={(event) => filter.onChange({ from, to: event.currentTarget.value })}
          />
        </div>
      </div>
    </fieldset>
  );
}

/**
 * A console's filters as one row of labelled, controlled inputs (search, selects, a date range)
 * with 'Clear filters'; it wraps onto several lines on a narrow screen. The caller holds the
 * values, debounces the search and asks the server.
 *
 * When to use: above a ConsoleTable whose list the server filters.
 *
 * When not: for a few preset choices (FilterPills) or for sorting (SortSelect).
 */
export function FilterBar({
  label,
  filters,
  onClear,
  clearLabel = 'Clear filters',
  onSubmit,
  className,
  ...rest
}: FilterBarProps) {
  const baseId = useId();
  const active = hasActiveFilter(filters);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit?.();
  }
  return (
    <form {...rest} aria-label={label} className={cx(styles.root, className)} onSubmit={submit}>
      {filters.map((filter) => {
        const inputId = `${baseId}-${filter.id}`;
        if (filter.kind === 'search') return <SearchField key={filter.id} filter={filter} inputId={inputId} />;
        if (filter.kind === 'select') return <SelectField key={filter.id} filter={filter} inputId={inputId} />;
        return <DateRangeField key={filter.id} filter={filter} inputId={inputId} />;
      })}
      {onClear && (
        <div className={styles.actions}>
          <Button type="button" variant="soft" color="gray" size="2" disabled={!active} onClick={onClear}>
            {clearLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
