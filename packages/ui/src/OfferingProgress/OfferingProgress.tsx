import { Flex, Progress, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { cx, type RootProps } from '../internal/props';

/** Own props, plus every native prop of the root `<div>` (className, style, id, data-*, aria-*, ref). */
export interface OfferingProgressProps extends RootProps<'div', 'children'> {
  /** Raised as a whole percent of the maximum, 0..100. */
  percent: number;
  /** The bar in words: '€300,000 raised of €1,000,000 (30%)'. Also its accessible value. */
  text: string;
  /** Where the minimum target sits, 0..100; drawn as a tick on the bar. */
  minPercent?: number | null;
  /** The minimum target in words: 'Minimum target €200,000'. */
  minText?: string | null;
  /** '12 days left'. */
  daysLeft?: string | null;
  className?: string;
}

/**
 * An offering's subscriptions against its maximum, with its minimum target marked: a progress bar
 * whose accessible name and value say the figures, and the same figures as text under it.
 *
 * When to use: an open offering with a maximum (cards of /opportunities, its detail).
 *
 * When not: a task's completion (ReadinessCard) or an offering without targets.
 */
export function OfferingProgress({
  percent,
  text,
  minPercent = null,
  minText = null,
  daysLeft = null,
  className,
  style,
  ...rest
}: OfferingProgressProps) {
  const labelId = useId();
  const clamped = Math.max(0, Math.min(100, percent));
  return (
    <div {...rest} className={cx('vault-OfferingProgress', className)} style={{ display: 'grid', gap: 4, ...style }}>
      <Flex justify="between" gap="2" wrap="wrap">
        <Text id={labelId} size="2" weight="medium">
          {text}
        </Text>
        {daysLeft ? (
          <Text size="2" color="gray">
            {daysLeft}
          </Text>
        ) : null}
      </Flex>
      <div style={{ position: 'relative' }}>
        <Progress
          value={clamped}
          max={100}
          size="2"
          aria-labelledby={labelId}
          getValueLabel={() => text}
          duration="0s"
        />
        {minPercent !== null ? (
          <span
            aria-hidden="true"
            data-testid="min-target-tick"
            style={{
              position: 'absolute',
              top: -3,
              bottom: -3,
              left: `${Math.max(0, Math.min(100, minPercent))}%`,
              width: 2,
              background: 'var(--gray-12)',
            }}
          />
        ) : null}
      </div>
      {minText ? (
        <Text size="1" color="gray">
          {minText}
        </Text>
      ) : null}
    </div>
  );
}
