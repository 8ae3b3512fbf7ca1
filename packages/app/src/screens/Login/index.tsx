import { Container, Flex } from '@radix-ui/themes';
import { DemoAccounts } from '../../components/DemoAccounts';
import { SignInForm } from '../../components/SignInForm';

/** /login: the sign-in form on its own, where the guard sends signed-out people (docs/product.md §4). */
export default function LoginScreen() {
  return (
    <Container size="1" px="4" py="8">
      <Flex direction="column" gap="4">
        <SignInForm headingLevel={1} />
        <DemoAccounts />
      </Flex>
    </Container>
  );
}
