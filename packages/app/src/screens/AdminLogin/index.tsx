import { Button, Callout, Card, Container, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { hrefFor } from '@vault/domain';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Field } from '../../components/Field';
import { MOCK_BACKEND, useDemoMode } from '../../display/demoMode';
import { adminPair } from '../../session/adminPair';
import { useSession } from '../../session/SessionProvider';

/**
 * /admin/login (docs/product.md §2): 'Access Dashboard', 'Authenticating...' and disabled while
 * working. A Supabase Auth sign-in that admits only accounts whose server-set admin flag is true.
 */
export default function AdminLoginScreen() {
  const { adminSignIn } = useSession();
  const navigate = useNavigate();
  const demo = useDemoMode();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [working, setWorking] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (working) return;
    setWorking(true);
    const ok = await adminSignIn(email, password);
    // Re-enabled on failure, so a wrong pair can be corrected (docs/product.md §5).
    setWorking(false);
    if (ok) navigate(hrefFor('dashboard'));
  };

  return (
    <Container size="1" px="4" py="8">
      <Card size="3">
        <Flex asChild direction="column" gap="4">
          <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`}>
            <Heading as="h1" size="6" id={`${id}-heading`}>
              Admin Login
            </Heading>
            <Text as="p" size="2" color="gray">
              For platform administrators.
            </Text>
            {/* Mock builds only: a real build signs admins in with Supabase Auth and has no pair. */}
            {MOCK_BACKEND && demo ? (
              <Callout.Root color="amber" size="1">
                <Callout.Text>
                  Demo account of the embedded backend: {adminPair().email} / {adminPair().password}.
                </Callout.Text>
              </Callout.Root>
            ) : null}
            <Field label="Email" type="email" name="email" autoComplete="username" value={email} onChange={setEmail} />
            <Field
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
            />
            <Button type="submit" size="3" disabled={working}>
              {working ? 'Authenticating...' : 'Access Dashboard'}
            </Button>
            <RadixLink asChild size="2">
              <Link to={hrefFor('landing')}>Return to Main Login</Link>
            </RadixLink>
          </form>
        </Flex>
      </Card>
    </Container>
  );
}
