import { Flex, Text } from '@radix-ui/themes';
import { PageHeader } from '@vault/ui';

/** The dashboard's states without a dashboard: 'Loading...', 'Not authenticated.', 'Unknown role.' */
export function DashboardMessage({ message, busy = false }: { message: string; busy?: boolean }) {
  return (
    <Flex direction="column" gap="4">
      <PageHeader title="Dashboard" />
      <Text as="p" size="3" role="status" aria-busy={busy || undefined}>
        {message}
      </Text>
    </Flex>
  );
}
