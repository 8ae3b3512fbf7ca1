import { Button, Card, Heading, Progress, ThickCheckIcon, VisuallyHidden } from '@radix-ui/themes';
import { type Readiness, type ReadinessStep, readinessHint } from '@vault/domain';
import { useId } from 'react';
import { cx, type RootProps } from '../internal/props';
import * as styles from './ReadinessCard.css';

/** The card's own props, plus every native prop of its root `<section>` (className, style, id, data-*, aria-*, ref). */
export interface ReadinessCardProps extends RootProps<'section', 'children'> {
  /** The domain's `readiness(user)` result: the four steps, what is done, the percentage. */
  readiness: Readiness;
  /** Called with the step's target (/settings, /kyc-verification, /agreement, /wallet) and the step. */
  onNavigate: (href: string, step: ReadinessStep) => void;
  /** Heading level of the 'Readiness Level' title; 2 unless the page nests it deeper. */
  headingLevel?: 2 | 3 | 4;
}

/**
 * The investor's onboarding progress: 'Readiness Level', a progress bar, the four steps and a hint.
 *
 * When to use: on the investor dashboard, fed by `readiness(user)`: the four onboarding steps,
 * progress and the next hint.
 *
 * When not: for other roles, or for just the next step (NudgeBanner).
 *
 * Once every step is done it folds to one line: the title, 100% and the 'All set' hint.
 */
export function ReadinessCard({ readiness, onNavigate, headingLevel = 2, className, ...rest }: ReadinessCardProps) {
  const titleId = useId();
  if (readiness.next === null) {
    return (
      <Card size="2" asChild>
        <section aria-labelledby={titleId} {...rest} className={cx(styles.folded, className)}>
          <Heading as={`h${headingLevel}`} size="3" id={titleId}>
            Readiness Level
          </Heading>
          <span className={styles.foldedPercent}>{readiness.percent}%</span>
          <p className={styles.foldedHint}>{readinessHint(readiness)}</p>
        </section>
      </Card>
    );
  }
  return (
    <Card size="3" asChild>
      <section aria-labelledby={titleId} {...rest} className={cx(styles.card, className)}>
        <div className={styles.header}>
          <Heading as={`h${headingLevel}`} size="4" id={titleId}>
            Readiness Level
          </Heading>
          <span className={styles.percent}>{readiness.percent}%</span>
        </div>
        <Progress
          className={styles.progress}
          value={readiness.percent}
          max={100}
          size="3"
          color="green"
          aria-labelledby={titleId}
        />
        <ul className={styles.list}>
          {readiness.steps.map((step) => (
            <li key={step.id} className={step.done ? styles.rowDone : styles.row}>
              {step.done ? (
                <span className={styles.markerDone} aria-hidden="true">
                  <ThickCheckIcon width={10} height={10} />
                </span>
              ) : (
                <span className={styles.marker} aria-hidden="true" />
              )}
              <span className={styles.label}>
                {step.label}
                {step.done && (
                  <>
                    {' '}
                    <VisuallyHidden>Done</VisuallyHidden>
                  </>
                )}
              </span>
              {!step.done && (
                <span className={styles.action}>
                  <span className={styles.estimate}>{step.estimate}</span>
                  <Button size="2" variant="soft" onClick={() => onNavigate(step.target, step)}>
                    {step.buttonText}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
        <p className={styles.hint}>{readinessHint(readiness)}</p>
      </section>
    </Card>
  );
}
