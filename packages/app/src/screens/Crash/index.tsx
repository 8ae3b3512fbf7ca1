import { Box, Button, Callout, Code, Flex, Heading, Text } from '@radix-ui/themes';
import { hrefFor, messages } from '@vault/domain';

/** What went wrong, in words: an Error's message, or the value itself. */
function crashMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** The crash page (docs/product.md §2), shown by the router's CrashBoundary: the message, Try again, Go to Homepage. */
export function CrashView({ error }: { error: unknown }) {
  return (
    <Flex asChild direction="column" align="center" justify="center" gap="4" p="6" minHeight="70vh">
      <main id="main-content">
        <Heading as="h1" size="7">
          {messages.crashed}
        </Heading>
        <Box maxWidth="560px" width="100%">
          <Callout.Root color="red" role="alert">
            <Callout.Text>
              <Code variant="ghost">{crashMessage(error)}</Code>
            </Callout.Text>
          </Callout.Root>
        </Box>
        <Text as="p" color="gray">
          Reloading usually helps. If it keeps happening, start again from the home page.
        </Text>
        <Flex gap="3">
          <Button size="3" onClick={() => window.location.reload()}>
            Try again
          </Button>
          {/* A full page load, not a client navigation: the app's state may be what broke. */}
          <Button size="3" variant="soft" asChild>
            <a href={hrefFor('landing')}>Go to Homepage</a>
          </Button>
        </Flex>
      </main>
    </Flex>
  );
}
