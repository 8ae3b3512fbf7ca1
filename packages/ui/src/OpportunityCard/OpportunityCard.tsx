import { Badge, Card, Heading, Text } from '@radix-ui/themes';
import { hrefFor, type Opportunity, opportunityLocation } from '@vault/domain';
import type { MouseEvent, ReactNode } from 'react';
import { CheckIcon, Icon } from '../internal/Icon';
import { cx, type RootProps } from '../internal/props';
import * as styles from './OpportunityCard.css';

/** Own props, plus every native prop of the root `<article>` (className, style, id, data-*, aria-*, ref). */
export interface OpportunityCardProps extends RootProps<'article', 'children'> {
  opportunity: Opportunity;
  /** Where the card leads; defaults to the opportunity's detail page. */
  href?: string;
  /** Called with the href on a plain click (the default navigation is then prevented). */
  onNavigate?: (href: string) => void;
  /** The level of the name's heading; 3 by default (under a page h1 and a section h2). */
  headingLevel?: 2 | 3 | 4;
  /** Under the figures: where the offering stands (an OfferingProgress, or why it is not open). */
  footer?: ReactNode;
  className?: string;
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

function PinIcon() {
  return (
    <Icon size={14} className={styles.icon}>
      <path d="M7.5 13.5s4-4 4-7.25a4 4 0 1 0-8 0c0 3.25 4 7.25 4 7.25Z" stroke="currentColor" strokeWidth="1.2" />
      <circle cx="7.5" cy="6.25" r="1.5" stroke="currentColor" strokeWidth="1.2" />
    </Icon>
  );
}

/**
 * One opportunity of the list, as an article. The whole card is one link: the link is the
 * opportunity's name (a short, clear link text for screen readers), and it stretches over the
 * card so a click anywhere on it follows the link.
 *
 * When to use: in grids of investment opportunities people browse and open.
 *
 * When not: for an opportunity's detail page or for tabular comparison (DataTable).
 */
export function OpportunityCard({
  opportunity,
  href,
  onNavigate,
  headingLevel = 3,
  footer,
  className,
  ...rest
}: OpportunityCardProps) {
  const target = href ?? hrefFor('opportunityDetail', { id: opportunity.id });
  const place = opportunityLocation(opportunity);

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || !isPlainClick(event)) return;
    event.preventDefault();
    onNavigate(target);
  };

  return (
    <Card asChild size="2">
      <article data-opportunity-id={opportunity.id} {...rest} className={cx(styles.card, className)}>
        <div className={styles.top}>
          <Badge color="gray" variant="soft" highContrast radius="full">
            {opportunity.category}
          </Badge>
          <div className={styles.badges}>
            {opportunity.audited ? (
              <Badge color="grass" variant="soft" highContrast>
                <CheckIcon className={styles.icon} />
                Audited
              </Badge>
            ) : (
              <Badge color="gray" variant="outline" highContrast>
                Not audited
              </Badge>
            )}
            {opportunity.open ? (
              <Badge color="blue" variant="soft" highContrast>
                Open
              </Badge>
            ) : (
              <Badge color="gray" variant="outline" highContrast>
                Closed
              </Badge>
            )}
          </div>
        </div>
        <Heading as={`h${headingLevel}`} size="4">
          <a href={target} onClick={handleClick} className={styles.link}>
            {opportunity.name}
          </a>
        </Heading>
        <Text as="p" size="2" color="gray" className={styles.place}>
          <PinIcon />
          {place}
        </Text>
        <Text as="p" size="2" color="gray" className={styles.description}>
          {opportunity.description}
        </Text>
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt className={styles.term}>APY</dt>
            <dd className={styles.definition}>{opportunity.apy}</dd>
          </div>
          <div className={styles.figure}>
            <dt className={styles.term}>Min. investment</dt>
            <dd className={styles.definition}>{opportunity.minInvestment}</dd>
          </div>
          <div className={styles.figure}>
            <dt className={styles.term}>Term</dt>
            <dd className={styles.definition}>{opportunity.term}</dd>
          </div>
        </dl>
        {footer}
      </article>
    </Card>
  );
}
