import { type OpportunitySort, opportunitySorts } from '@vault/domain';
import { type ChangeEvent, useId } from 'react';
import { Icon } from '../internal/Icon';
import { cx, type RootProps } from '../internal/props';
import * as styles from './SortSelect.css';

export interface SortOption {
  id: OpportunitySort;
  label: string;
}

/** Own props, plus every native prop of the root `<div>` (className, style, id, data-*, aria-*, ref). */
export interface SortSelectProps extends RootProps<'div', 'children' | 'onChange'> {
  value: OpportunitySort;
  onChange: (value: OpportunitySort) => void;
  /** The visible label; 'Sort by' by default. */
  label?: string;
  /** The choices; the domain's `opportunitySorts` by default. */
  options?: readonly SortOption[];
  className?: string;
}

/**
 * A native select with a visible label: the opportunities' sort order.
 *
 * When to use: above a list whose order people may change (opportunities).
 *
 * When not: for filtering (FilterPills) or for table columns (sort there).
 */
export function SortSelect({
  value,
  onChange,
  label = 'Sort by',
  options = opportunitySorts,
  className,
  ...rest
}: SortSelectProps) {
  const id = useId();
  const handleChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const picked = options.find((option) => option.id === event.target.value);
    if (picked) onChange(picked.id);
  };
  return (
    <div {...rest} className={cx(styles.root, className)}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <span className={styles.control}>
        <select id={id} className={styles.select} value={value} onChange={handleChange}>
          {options.map((option) => (
            <option key={option.id} value={option.id} className={styles.option}>
              {option.label}
            </option>
          ))}
        </select>
        <Icon size={12} className={styles.chevron}>
          <path
            d="M3.5 5.5 L7.5 9.5 L11.5 5.5"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </Icon>
      </span>
    </div>
  );
}
