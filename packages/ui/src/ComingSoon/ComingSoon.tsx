import { Badge, Button, Card, Heading, Text } from '@radix-ui/themes';
import { Icon } from '../internal/Icon';
import { cx, type RootProps } from '../internal/props';
import * as styles from './ComingSoon.css';

export interface ComingSoonAction {
  label: string;
  onClick: () => void;
}

/** Own props, plus every native prop of the root `<div>` (className, style, id, data-*, aria-*, ref). */
export interface ComingSoonProps extends RootProps<'div', 'children' | 'title'> {
  /** The page's name, e.g. 'Support' or 'Compliance Center'. */
  title: string;
  /** Defaults to 'We’re building this page. Check back soon.' */
  description?: string;
  /** An optional way on, e.g. Go to Dashboard. */
  action?: ComingSoonAction;
  /** 1 by default: on a coming-soon route this is the page's heading. */
  headingLevel?: 1 | 2 | 3;
  className?: string;
}

function ClockIcon() {
  return (
    <Icon size={20}>
      <circle cx="7.5" cy="7.5" r="6" stroke="currentColor" strokeWidth="1.1" />
      <path d="M7.5 4 V7.5 L10 9" stroke="currentColor" strokeWidth="1.2" strokeLinecap="round" />
    </Icon>
  );
}

/**
 * The placeholder of the routes that are not built yet (/support, /compliance, /reports…).
 *
 * When to use: for a page or section that exists in the navigation but is not built yet, with a way
 * back.
 *
 * When not: for missing data (EmptyState) or a failure (ErrorState).
 */
export function ComingSoon({
  title,
  description = 'We’re building this page. Check back soon.',
  action,
  headingLevel = 1,
  className,
  ...rest
}: ComingSoonProps) {
  return (
    <Card size="3" {...rest} className={cx(className)}>
      <div className={styles.root}>
        <span className={styles.icon} aria-hidden="true">
          <ClockIcon />
        </span>
        <Badge color="gray" variant="soft" highContrast radius="full">
          Coming soon
        </Badge>
        <Heading as={`h${headingLevel}`} size="6">
          {title}
        </Heading>
        <Text as="p" size="3" color="gray" className={styles.text}>
          {description}
        </Text>
        {action ? (
          <Button type="button" variant="soft" onClick={action.onClick}>
            {action.label}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
