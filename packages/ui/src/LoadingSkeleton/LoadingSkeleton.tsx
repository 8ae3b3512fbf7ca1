import type { CSSProperties } from 'react';
import { cx, type RootProps } from '../internal/props';
import { visuallyHidden } from '../theme';
import * as styles from './LoadingSkeleton.css';

export type LoadingSkeletonVariant = 'cards' | 'table' | 'text';

/** Own props, plus every native prop of the root `<div>` (className, style, id, data-*, aria-*, ref). */
export interface LoadingSkeletonProps extends RootProps<'div', 'children'> {
  /** The shape of what is loading: a card grid, a table or a block of text. */
  variant?: LoadingSkeletonVariant;
  /** Cards, table rows or text lines; 6, 5 and 3 by default. */
  count?: number;
  /** The accessible name of the busy region; 'Loading…' by default. */
  label?: string;
  className?: string;
}

const defaultCounts: Record<LoadingSkeletonVariant, number> = { cards: 6, table: 5, text: 3 };

function Block({
  width = '100%',
  height = '1em',
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
}) {
  return <span className={styles.block} style={{ width, height }} />;
}

function range(count: number): number[] {
  return Array.from({ length: Math.max(0, Math.floor(count)) }, (_, index) => index);
}

function Shapes({ variant, count }: { variant: LoadingSkeletonVariant; count: number }) {
  if (variant === 'cards') {
    return (
      <div className={styles.grid} data-testid="skeleton-shapes">
        {range(count).map((index) => (
          <div key={index} className={styles.card}>
            <Block width="40%" height="1.25rem" />
            <Block width="80%" height="1.5rem" />
            <Block height="0.875rem" />
            <Block width="90%" height="0.875rem" />
            <Block height="2.5rem" />
          </div>
        ))}
      </div>
    );
  }
  if (variant === 'table') {
    return (
      <div className={styles.table} data-testid="skeleton-shapes">
        {range(count + 1).map((index) => (
          <div key={index} className={styles.tableRow}>
            <Block height={index === 0 ? '0.875rem' : '1rem'} width={index === 0 ? '50%' : '85%'} />
            <Block height={index === 0 ? '0.875rem' : '1rem'} width="60%" />
            <Block height={index === 0 ? '0.875rem' : '1rem'} width="70%" />
            <Block height={index === 0 ? '0.875rem' : '1rem'} width="50%" />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className={styles.text} data-testid="skeleton-shapes">
      {range(count).map((index) => (
        <Block key={index} width={index === count - 1 ? '60%' : '100%'} />
      ))}
    </div>
  );
}

/**
 * Placeholder shapes while data loads. The region is busy (`aria-busy`), named 'Loading…' and
 * announced politely; the shapes themselves are hidden from assistive technology, and their
 * pulse stops under prefers-reduced-motion.
 *
 * When to use: while a section's data loads, shaped like what will appear (text, cards, table).
 *
 * When not: for actions in progress (disable the button and say so) or for more than a few seconds
 * without a message.
 */
export function LoadingSkeleton({
  variant = 'text',
  count,
  label = 'Loading…',
  className,
  ...rest
}: LoadingSkeletonProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
      aria-label={label}
      {...rest}
      className={cx(styles.root, className)}
      data-variant={variant}
    >
      <span className={visuallyHidden}>{label}</span>
      <div aria-hidden="true">
        <Shapes variant={variant} count={count ?? defaultCounts[variant]} />
      </div>
    </div>
  );
}
