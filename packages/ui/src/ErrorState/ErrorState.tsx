import { Button, Card, Heading, Text } from '@radix-ui/themes';
import { messages } from '@vault/domain';
import { Icon } from '../internal/Icon';
import { cx, type RootProps } from '../internal/props';
import * as styles from './ErrorState.css';

/** Own props, plus every native prop of the root `<div>` (className, style, id, data-*, aria-*, ref). */
export interface ErrorStateProps extends RootProps<'div', 'children' | 'title'> {
  /** e.g. 'Failed to load opportunities' or 'Failed to load documents'. */
  title: string;
  /** Defaults to 'Please check your connection and try again.' */
  message?: string;
  /** Called when the Retry button is used. */
  onRetry: () => void;
  retryLabel?: string;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

function WarningIcon() {
  return (
    <Icon size={20}>
      <path d="M7.5 1.5 L14 13 H1 Z" stroke="currentColor" strokeWidth="1.1" strokeLinejoin="round" />
      <path d="M7.5 5.5 V9" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" />
      <circle cx="7.5" cy="11" r="0.8" fill="currentColor" />
    </Icon>
  );
}

/**
 * The error card of a list that failed to load (docs/product.md §8), announced as an alert.
 *
 * When to use: when loading a section failed; say what failed and offer Retry.
 *
 * When not: for a form field's message (put it by the field) or for an empty result (EmptyState).
 */
export function ErrorState({
  title,
  message = messages.checkConnection,
  onRetry,
  retryLabel = 'Retry',
  headingLevel = 2,
  className,
  ...rest
}: ErrorStateProps) {
  return (
    <Card size="3" role="alert" {...rest} className={cx(className)}>
      <div className={styles.root}>
        <span className={styles.icon} aria-hidden="true">
          <WarningIcon />
        </span>
        <Heading as={`h${headingLevel}`} size="4">
          {title}
        </Heading>
        <Text as="p" size="2" color="gray" className={styles.text}>
          {message}
        </Text>
        <Button type="button" size="2" onClick={onRetry}>
          {retryLabel}
        </Button>
      </div>
    </Card>
  );
}
