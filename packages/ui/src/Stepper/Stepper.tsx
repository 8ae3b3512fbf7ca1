import { Progress, ThickCheckIcon, VisuallyHidden } from '@radix-ui/themes';
import { cx, type RootProps } from '../internal/props';
import * as styles from './Stepper.css';

/** Own props, plus every native prop of the root `<div>` (className, style, id, data-*, aria-*, ref). */
export interface StepperProps extends RootProps<'div', 'children'> {
  /** The step labels, in order, e.g. ['Amount', 'Payment method', 'Confirm', 'Submitted']. */
  steps: string[];
  /** The current step, 1-based; clamped to 1…steps.length. */
  current: number;
  /** Accessible name of the progress bar and the step list. */
  label?: string;
}

/**
 * Progress through a multi-step flow: a bar at current/total and the steps, the current one marked.
 *
 * When to use: for a flow of a few ordered steps on one page (the investment flow), showing where
 * the person is.
 *
 * When not: for onboarding progress across pages (ReadinessCard) or for navigation.
 */
export function Stepper({ steps, current, label = 'Progress', className, ...rest }: StepperProps) {
  const total = steps.length;
  const at = Math.min(Math.max(Math.round(current), 1), Math.max(total, 1));
  const currentLabel = steps[at - 1] ?? '';
  const valueText = `Step ${at} of ${total}: ${currentLabel}`;
  return (
    <div {...rest} className={cx(styles.stepper, className)}>
      <p className={styles.summary}>
        Step {at} of {total}
      </p>
      <Progress
        className={styles.progress}
        value={at}
        max={total}
        size="2"
        aria-label={label}
        getValueLabel={() => valueText}
      />
      <ol className={styles.list} aria-label={label}>
        {steps.map((name, index) => {
          const number = index + 1;
          const state = number < at ? 'done' : number === at ? 'current' : 'upcoming';
          return (
            <li
              key={name}
              className={state === 'current' ? styles.stepCurrent : state === 'done' ? styles.stepDone : styles.step}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className={styles.marker} aria-hidden="true">
                {state === 'done' ? <ThickCheckIcon width={10} height={10} /> : number}
              </span>
              <span className={styles.label}>
                {name}
                {state === 'done' && (
                  <>
                    {' '}
                    <VisuallyHidden>(completed)</VisuallyHidden>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
