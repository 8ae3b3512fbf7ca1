import { Callout, Text } from '@radix-ui/themes';
import type { OfferingStanding } from '@vault/domain';
import { OfferingProgress } from '@vault/ui';

/** Where an offering stands: its progress while open, or the sentence that says why it is not. */
export function OfferingStandingView({ standing, compact = false }: { standing: OfferingStanding; compact?: boolean }) {
  return (
    <>
      {standing.notice ? (
        compact ? (
          <Text as="p" size="2" weight="medium" role="note">
            {standing.notice}
          </Text>
        ) : (
          <Callout.Root color="gray" role="note">
            <Callout.Text>{standing.notice}</Callout.Text>
          </Callout.Root>
        )
      ) : null}
      {standing.progress ? (
        <OfferingProgress
          percent={standing.progress.percent}
          text={standing.progress.text}
          minPercent={standing.progress.minPercent}
          minText={standing.progress.minText}
          daysLeft={standing.daysLeft}
        />
      ) : standing.daysLeft ? (
        <Text size="2" color="gray">
          {standing.daysLeft}
        </Text>
      ) : null}
    </>
  );
}
