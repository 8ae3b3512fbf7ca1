import { Button } from '@radix-ui/themes';
import { type Nudge, readinessStep } from '@vault/domain';
import { useId, useState } from 'react';
import { cx, type RootProps } from '../internal/props';
import * as styles from './NudgeBanner.css';

/** The banner's own props, plus every native prop of its root `<section>` (className, style, id, data-*, aria-*, ref). */
export interface NudgeBannerProps extends RootProps<'section', 'children'> {
  /** The domain's `nudgeFor(user)`: the first outstanding step, or null (then nothing renders). */
  nudge: Nudge | null;
  /** The call to action; the app emits `click:cta` with `nudge.step` and navigates to `nudge.target`. */
  onAction: (nudge: Nudge) => void;
  /** Dismiss was pressed; the banner hides itself for this view, the app may keep a per-page flag. */
  onDismiss: () => void;
  /** Text of the call-to-action button; defaults to the step's readiness button ('Create Wallet', …). */
  actionLabel?: string;
}

/**
 * The investor's next step: label, estimate, a call to action and Dismiss.
 *
 * When to use: at the top of investor pages, fed by `nudgeFor(user)`: the one next onboarding step
 * and its call to action.
 *
 * When not: for errors or announcements, or for more than one step (ReadinessCard lists them all).
 */
export function NudgeBanner({ nudge, onAction, onDismiss, actionLabel, className, ...rest }: NudgeBannerProps) {
  const [dismissed, setDismissed] = useState(false);
  const labelId = useId();
  if (!nudge || dismissed) return null;
  const dismiss = () => {
    setDismissed(true);
    onDismiss();
  };
  return (
    <section aria-labelledby={labelId} {...rest} className={cx(styles.banner, className)}>
      <div className={styles.text}>
        <p className={styles.eyebrow}>Next step</p>
        <p className={styles.label} id={labelId}>
          {nudge.label}
        </p>
        <p className={styles.estimate}>{nudge.estimate}</p>
      </div>
      <div className={styles.actions}>
        <Button onClick={() => onAction(nudge)}>{actionLabel ?? readinessStep(nudge.step).buttonText}</Button>
        <Button variant="soft" color="gray" onClick={dismiss}>
          Dismiss
        </Button>
      </div>
    </section>
  );
}
