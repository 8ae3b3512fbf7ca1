import { Badge, Button, Card, Flex, Grid, Heading, Progress, Text } from '@radix-ui/themes';
import { PageHeader } from '@vault/ui';
import { useId, useState } from 'react';
import { useResearchPoints } from '../../storage/researchPoints';
import { researchCards } from './researchCards';

/** /research: 'Markets/Research (Beta)' with placeholder cards and the points counter (docs/product.md §2, §3, §9). */
export default function ResearchScreen() {
  const { points, max, add } = useResearchPoints();
  // Pieces read in this view; each earns at most one point, and never beyond the cap.
  const [read, setRead] = useState<ReadonlySet<string>>(() => new Set());
  const pointsId = useId();
  const capped = points >= max;

  const markAsRead = (id: string) => {
    if (read.has(id)) return;
    setRead((before) => new Set(before).add(id));
    add();
  };

  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title="Markets/Research (Beta)"
        description="Short reads on the markets behind the opportunities. Research is in beta: pieces are previews."
      />

      <Card size="3" asChild>
        <section aria-labelledby={pointsId}>
          <Flex direction="column" gap="2">
            <Flex align="center" justify="between" gap="3" wrap="wrap">
              <Heading as="h2" size="4" id={pointsId}>
                Research points
              </Heading>
              <Text size="5" weight="bold" aria-live="polite">
                {points} of {max}
              </Text>
            </Flex>
            <Progress
              value={points}
              max={max}
              size="2"
              aria-labelledby={pointsId}
              getValueLabel={() => `${points} of ${max}`}
            />
            <Text as="p" size="2" color="gray">
              {capped
                ? `You've earned the maximum of ${max} research points.`
                : `Earn a point for each piece you mark as read, up to ${max}.`}
            </Text>
          </Flex>
        </section>
      </Card>

      <Grid asChild columns={{ initial: '1', sm: '2', lg: '3' }} gap="4">
        <ul aria-label="Research pieces" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {researchCards.map((card) => {
            const isRead = read.has(card.id);
            return (
              <li key={card.id}>
                <Card size="2" style={{ height: '100%' }}>
                  <Flex direction="column" gap="2" height="100%">
                    <Flex gap="2" wrap="wrap">
                      <Badge color="gray" variant="soft" highContrast>
                        {card.topic}
                      </Badge>
                      <Badge color="indigo" variant="soft" highContrast>
                        Preview
                      </Badge>
                    </Flex>
                    <Heading as="h2" size="3">
                      {card.title}
                    </Heading>
                    <Text as="p" size="2" color="gray">
                      {card.summary}
                    </Text>
                    <Flex align="center" justify="between" gap="2" mt="auto" pt="2">
                      <Text size="1" color="gray">
                        {card.readingTime}
                      </Text>
                      <Button
                        variant={isRead ? 'outline' : 'soft'}
                        disabled={isRead}
                        onClick={() => markAsRead(card.id)}
                        aria-label={isRead ? `${card.title}: read` : `Mark as read: ${card.title}`}
                      >
                        {isRead ? 'Read' : 'Mark as read'}
                      </Button>
                    </Flex>
                  </Flex>
                </Card>
              </li>
            );
          })}
        </ul>
      </Grid>
    </Flex>
  );
}
