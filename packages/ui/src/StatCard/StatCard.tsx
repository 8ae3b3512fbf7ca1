import { Card, Text } from '@radix-ui/themes';
import { type ReactNode, useId } from 'react';
import { Icon } from '../internal/Icon';
import { cx, type RootProps } from '../internal/props';
import * as styles from './StatCard.css';

export type TrendDirection = 'up' | 'down' | 'flat';

export interface StatTrend {
  direction: TrendDirection;
  /** The words a person reads, e.g. '+12% this month'. The arrow and colour only repeat them. */
  label: string;
}

/** Own props, plus every native prop of the root `<div>` (className, style, id, data-*, aria-*, ref). */
export interface StatCardProps extends RootProps<'div', 'children'> {
  label: string;
  /** The figure, e.g. '1,284' or a <MoneyText />. */
  value: ReactNode;
  /** A short line under the figure, e.g. 'Across 3 family offices'. */
  hint?: string;
  trend?: StatTrend;
  /** A decorative icon, hidden from assistive technology. */
  icon?: ReactNode;
  className?: string;
}

const arrows: Record<TrendDirection, string> = {
  up: 'M7.5 2.5 L12 7 M7.5 2.5 L3 7 M7.5 2.5 V12.5',
  down: 'M7.5 12.5 L12 8 M7.5 12.5 L3 8 M7.5 12.5 V2.5',
  flat: 'M2.5 7.5 H12.5 M12.5 7.5 L9 4 M12.5 7.5 L9 11',
};

function TrendArrow({ direction }: { direction: TrendDirection }) {
  return (
    <Icon size={15}>
      <path d={arrows[direction]} stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </Icon>
  );
}

/**
 * One headline figure with its label, as on the dashboards (Total Users, Total Assets Managed…).
 *
 * When to use: for one headline figure with its label, in a row of figures (dashboards).
 *
 * When not: for lists of values (DataTable) or for a figure that needs a chart to be understood.
 */
export function StatCard({ label, value, hint, trend, icon, className, ...rest }: StatCardProps) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} {...rest} className={cx(styles.card, className)}>
      <div className={styles.header}>
        <Text as="p" id={labelId} size="2" weight="medium" color="gray">
          {label}
        </Text>
        {icon ? (
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
        ) : null}
      </div>
      <Text as="p" size="7" weight="bold" className={styles.value}>
        {value}
      </Text>
      {trend ? (
        <Text
          as="p"
          size="2"
          className={`${styles.trend} ${styles.trendTone[trend.direction]}`}
          data-trend={trend.direction}
        >
          <TrendArrow direction={trend.direction} />
          {trend.label}
        </Text>
      ) : null}
      {hint ? (
        <Text as="p" size="1" color="gray">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}
