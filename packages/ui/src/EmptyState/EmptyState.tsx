import { Button, Card, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Icon } from '../internal/Icon';
import { cx, type RootProps } from '../internal/props';
import * as styles from './EmptyState.css';

export interface EmptyStateAction {
  label: string;
  onClick: () => void;
}

/** Own props, plus every native prop of the root `<div>` (className, style, id, data-*, aria-*, ref). */
export interface EmptyStateProps extends RootProps<'div', 'children' | 'title'> {
  /** e.g. 'No results match your filters' or 'No documents yet'. */
  title: string;
  description?: string;
  /** One button, e.g. Reset Filters or Explore Opportunities. */
  action?: EmptyStateAction;
  /** A decorative icon; a neutral one by default. */
  icon?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

function InboxIcon() {
  return (
    <Icon size={20}>
      <path
        d="M1.5 8.5 L3.5 2.5 H11.5 L13.5 8.5 V12.5 H1.5 Z M1.5 8.5 H5 L5.75 10 H9.25 L10 8.5 H13.5"
        stroke="currentColor"
        strokeWidth="1.1"
        strokeLinejoin="round"
      />
    </Icon>
  );
}

/**
 * What a list shows when it has nothing to show, with an optional way forward.
 *
 * When to use: when a list or table loaded fine and has nothing in it; say why and offer the next
 * action.
 *
 * When not: while loading (LoadingSkeleton) or after a failure (ErrorState).
 */
export function EmptyState({
  title,
  description,
  action,
  icon,
  headingLevel = 2,
  className,
  ...rest
}: EmptyStateProps) {
  return (
    <Card size="3" {...rest} className={cx(className)}>
      <div className={styles.root}>
        <span className={styles.icon} aria-hidden="true">
          {icon ?? <InboxIcon />}
        </span>
        <Heading as={`h${headingLevel}`} size="4">
          {title}
        </Heading>
        {description ? (
          <Text as="p" size="2" color="gray" className={styles.text}>
            {description}
          </Text>
        ) : null}
        {action ? (
          <Button type="button" size="2" onClick={action.onClick}>
            {action.label}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
