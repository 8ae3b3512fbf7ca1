import { Flex, Heading } from '@radix-ui/themes';
import { type ReactNode, useId } from 'react';

export interface SectionProps {
  title: string;
  /** Short line under the heading. */
  description?: ReactNode;
  /** Buttons or links at the end of the heading row. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One titled part of a screen: a <section> named by its h2. */
export function Section({ title, description, actions, children }: SectionProps) {
  const headingId = useId();
  return (
    <Flex asChild direction="column" gap="3">
      <section aria-labelledby={headingId}>
        <Flex align="center" justify="between" gap="3" wrap="wrap">
          <Heading as="h2" size="5" id={headingId}>
            {title}
          </Heading>
          {actions}
        </Flex>
        {description}
        {children}
      </section>
    </Flex>
  );
}
