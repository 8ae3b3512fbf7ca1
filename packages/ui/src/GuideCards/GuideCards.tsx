import { Card, Heading, Link } from '@radix-ui/themes';
import type { GuideCard } from '@vault/domain';
import type { MouseEvent } from 'react';
import { cx, type RootProps } from '../internal/props';
import * as styles from './GuideCards.css';

/** The cards' own props, plus every native prop of the root `<ul>` (className, style, id, data-*, aria-*, ref). */
export interface GuideCardsProps extends RootProps<'ul', 'children'> {
  /** The domain's `guideCardsFor(session)`; an empty list renders nothing. */
  cards: GuideCard[];
  /** A plain click on a link (no modifier keys) calls this instead of loading the page. */
  onNavigate: (href: string) => void;
  /** Heading level of each card's title; 3 by default (under the dashboard's h2 sections). */
  headingLevel?: 2 | 3 | 4;
  /** Accessible name of the group of cards. */
  label?: string;
}

/** True for a click that the browser should handle itself (new tab, new window, download). */
function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * The dashboard's guide cards: 'Start here', 'Keep going', 'Next steps', or 'Admin shortcuts'.
 *
 * When to use: on the dashboard, fed by `guideCardsFor(session)`: where to start and what comes
 * next.
 *
 * When not: for the investor's single next step (NudgeBanner) or for progress (ReadinessCard).
 */
export function GuideCards({
  cards,
  onNavigate,
  headingLevel = 3,
  label = 'Guides',
  className,
  ...rest
}: GuideCardsProps) {
  if (cards.length === 0) return null;
  const navigate = (href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || isModifiedClick(event)) return;
    event.preventDefault();
    onNavigate(href);
  };
  return (
    <ul aria-label={label} {...rest} className={cx(styles.grid, className)}>
      {cards.map((card) => (
        <li key={card.title}>
          <Card size="2" className={styles.card}>
            <Heading as={`h${headingLevel}`} size="3" className={styles.title}>
              {card.title}
            </Heading>
            {card.description && <p className={styles.description}>{card.description}</p>}
            <ul className={styles.links}>
              {card.links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} onClick={navigate(link.href)} className={styles.link}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        </li>
      ))}
    </ul>
  );
}
