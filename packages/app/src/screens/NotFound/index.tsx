import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { hrefFor, messages } from '@vault/domain';
import { Link } from 'react-router-dom';

/** Any path outside the route table (docs/product.md §2). */
export function NotFoundPage() {
  return (
    <Flex
      direction="column"
      align="center"
      justify="center"
      gap="4"
      p="6"
      minHeight="60vh"
      style={{ textAlign: 'center' }}
    >
      <Text size="9" weight="bold" color="gray" aria-hidden="true">
        404
      </Text>
      <Heading as="h1" size="7">
        {messages.notFound}
      </Heading>
      <Text as="p" color="gray">
        The page you are looking for does not exist or has moved.
      </Text>
      <Button asChild size="3">
        <Link to={hrefFor('landing')}>Return to Home</Link>
      </Button>
    </Flex>
  );
}
