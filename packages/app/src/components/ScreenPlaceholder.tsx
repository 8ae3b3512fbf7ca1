import { Flex } from '@radix-ui/themes';
import { ComingSoon, PageHeader } from '@vault/ui';

/** A screen that is not built yet: its route title and 'Coming soon'. */
export function ScreenPlaceholder({ title }: { title: string }) {
  return (
    <Flex direction="column" gap="5">
      <PageHeader title={title} />
      <ComingSoon title={title} description="Coming soon" headingLevel={2} />
    </Flex>
  );
}
