import { Button, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Icon } from '../internal/Icon';
import { cx, type RootProps } from '../internal/props';
import * as styles from './PageHeader.css';

/** Own props, plus every native prop of the root `<div>` (className, style, id, data-*, aria-*, ref). */
export interface PageHeaderProps extends RootProps<'div', 'children' | 'title'> {
  /** The page's one h1. */
  title: string;
  description?: ReactNode;
  /** Buttons or links shown at the end of the header, e.g. Reset or Express Interest. */
  actions?: ReactNode;
  /** When given, a Back button above the title calls it. */
  onBack?: () => void;
  backLabel?: string;
  className?: string;
}

function ArrowLeftIcon() {
  return (
    <Icon size={15}>
      <path
        d="M12.5 7.5 H2.5 M2.5 7.5 L6.5 3.5 M2.5 7.5 L6.5 11.5"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </Icon>
  );
}

/**
 * A page's title (h1), description, actions and optional Back button.
 *
 * When to use: at the top of a page's content: its title (the page's h1), a description and page
 * actions.
 *
 * When not: for sections inside a page (use a heading) or more than once per page.
 */
export function PageHeader({
  title,
  description,
  actions,
  onBack,
  backLabel = 'Back',
  className,
  ...rest
}: PageHeaderProps) {
  return (
    <div {...rest} className={cx(styles.root, className)}>
      {onBack ? (
        <Button type="button" variant="ghost" color="gray" highContrast className={styles.back} onClick={onBack}>
          <ArrowLeftIcon />
          {backLabel}
        </Button>
      ) : null}
      <div className={styles.row}>
        <div className={styles.text}>
          <Heading as="h1" size="7">
            {title}
          </Heading>
          {description ? (
            <Text as="p" size="3" color="gray">
              {description}
            </Text>
          ) : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </div>
  );
}
