import { Button, Card, Checkbox, Flex, Heading, Link as RadixLink, Separator, Text } from '@radix-ui/themes';
import { hrefFor } from '@vault/domain';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../session/SessionProvider';
import { Field } from './Field';

/**
 * The investor sign-in form of / and /login (docs/product.md §2 and §5). The form is `noValidate`: an empty
 * field gets the toast 'Please fill in all fields' from the session, not the browser's bubble.
 */
export function SignInForm({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const ok = await signIn(email, password, remember);
    setBusy(false);
    if (ok) navigate(hrefFor('dashboard'));
  };

  return (
    <Card size="3">
      <Flex asChild direction="column" gap="4">
        <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`}>
          <Heading as={`h${headingLevel}`} size="6" id={`${id}-heading`}>
            Sign in
          </Heading>
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={setEmail}
          />
          <Field
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Text as="label" size="2">
              {/* 24 px tall at least: the label is the checkbox's tap target. */}
              <Flex gap="2" align="center" style={{ minHeight: 24 }}>
                <Checkbox checked={remember} onCheckedChange={(value) => setRemember(value === true)} />
                Remember me
              </Flex>
            </Text>
            {/* A placeholder: password reset is not part of the product yet (docs/product.md §2). */}
            <Button type="button" variant="ghost" size="1">
              Forgot password?
            </Button>
          </Flex>
          <Button type="submit" size="3" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign In'}
          </Button>
          {/* No behaviour yet (docs/product.md §2). */}
          <Button type="button" size="3" variant="outline">
            Continue with LinkedIn
          </Button>
          <Separator size="4" />
          <Flex justify="between" gap="3" wrap="wrap">
            <Text size="2">
              New to Vault? {/* Underlined: inside a sentence, colour alone would not tell it apart (WCAG 1.4.1). */}
              <RadixLink asChild underline="always">
                <Link to={hrefFor('register')}>Sign up</Link>
              </RadixLink>
            </Text>
            <RadixLink asChild size="2">
              <Link to={hrefFor('adminLogin')}>Admin Login</Link>
            </RadixLink>
          </Flex>
        </form>
      </Flex>
    </Card>
  );
}
