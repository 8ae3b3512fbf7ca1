import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import { type ReactNode, useId } from 'react';

/** One titled card of the settings page, a labelled region. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card size="3" asChild>
      <section aria-labelledby={headingId}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id={headingId}>
            {title}
          </Heading>
          {description ? (
            <Text as="p" size="2" color="gray">
              {description}
            </Text>
          ) : null}
          {children}
        </Flex>
      </section>
    </Card>
  );
}
