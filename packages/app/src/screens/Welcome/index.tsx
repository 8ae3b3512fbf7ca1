import { Button, Container, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { hrefFor } from '@vault/domain';
import { Link } from 'react-router-dom';

const highlights = [
  { title: 'Self-custodial wallet', text: 'Your assets sit in a wallet only you control.' },
  { title: 'Verified and e-signed', text: 'KYC/AML checks and eIDAS/UK e-signatures, with a 7-year audit trail.' },
  {
    title: 'Real-world impact',
    text: 'Renewable energy, housing, clean water and education across the EU, UK and beyond.',
  },
];

/** /welcome: the marketing page (docs/product.md §2). */
export default function WelcomeScreen() {
  return (
    <Container size="3" px="4" py="8">
      <Flex direction="column" gap="6">
        <Flex direction="column" gap="3">
          <Heading as="h1" size="8">
            Welcome to Vault
          </Heading>
          <Text as="p" size="4" color="gray">
            A member platform for EU/UK impact investing and multi-family-office services.
          </Text>
        </Flex>
        <Grid columns={{ initial: '1', sm: '3' }} gap="4">
          {highlights.map((h) => (
            <Flex key={h.title} direction="column" gap="1">
              <Heading as="h2" size="4">
                {h.title}
              </Heading>
              <Text as="p" color="gray">
                {h.text}
              </Text>
            </Flex>
          ))}
        </Grid>
        <Flex gap="3" wrap="wrap">
          <Button asChild size="3">
            <Link to={hrefFor('register')}>Get Started</Link>
          </Button>
          <Button asChild size="3" variant="soft">
            <Link to={hrefFor('opportunities')}>View Opportunities</Link>
          </Button>
        </Flex>
      </Flex>
    </Container>
  );
}
