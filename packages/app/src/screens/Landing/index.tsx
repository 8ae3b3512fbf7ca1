import { Box, Button, Card, Container, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { hrefFor } from '@vault/domain';
import { Link } from 'react-router-dom';
import { DemoAccounts } from '../../components/DemoAccounts';
import { SignInForm } from '../../components/SignInForm';
import { HomeLink } from '../../shell/Logo';

/** '/': the landing page and main investor sign-in (docs/product.md §2). */
export default function LandingScreen() {
  return (
    <Container size="4" px="4" py="6">
      <Flex align="center" gap="2" mb="6">
        <HomeLink />
      </Flex>
      <Grid columns={{ initial: '1', md: '2' }} gap="6" align="start">
        <Flex direction="column" gap="5">
          <Heading as="h1" size="8">
            Impact investing, held in your own vault
          </Heading>
          <Text as="p" size="4" color="gray">
            Invest in audited, tokenized real-world assets across the EU and UK — renewable energy, housing, clean water
            and education — with a self-custodial wallet, KYC/AML checks and e-signed documents.
          </Text>
          <Card size="2" asChild>
            <section aria-labelledby="register-heading">
              <Flex direction="column" gap="3">
                <Heading as="h2" size="4" id="register-heading">
                  Become a member
                </Heading>
                <Text as="p" size="2" color="gray">
                  Choose how you invest. Registration takes about five minutes.
                </Text>
                <Flex gap="3" wrap="wrap">
                  <Button asChild size="3">
                    <Link to={hrefFor('register', {}, { type: 'individual' })}>Individual</Link>
                  </Button>
                  <Button asChild size="3" variant="soft">
                    <Link to={hrefFor('register', {}, { type: 'professional' })}>Professional/Corporate</Link>
                  </Button>
                </Flex>
              </Flex>
            </section>
          </Card>
        </Flex>
        <Flex direction="column" gap="4">
          <SignInForm />
          <DemoAccounts />
        </Flex>
      </Grid>
      <Box mt="6">
        <Text size="1" color="gray">
          Capital at risk. Past performance is not a guide to future returns.
        </Text>
      </Box>
    </Container>
  );
}
