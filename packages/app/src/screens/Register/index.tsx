import { Button, Card, Container, Flex, Grid, Heading, RadioCards, Link as RadixLink, Text } from '@radix-ui/themes';
import {
  emptyRegistrationForm,
  hrefFor,
  type RegistrationForm,
  registrationSteps,
  validateRegistrationStep,
} from '@vault/domain';
import { PageHeader, Stepper } from '@vault/ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Field } from '../../components/Field';
import { useSession } from '../../session/SessionProvider';
import { HomeLink } from '../../shell/Logo';
import { type AccountType, accountTypeFrom, accountTypes } from './accountType';

const lastStep = registrationSteps.length;

/** The providers the membership relies on; step 3 names each one and what it is for. */
const providers = [
  { name: 'An authentication provider', role: 'secures your sign-in.' },
  { name: 'An open-banking provider', role: 'links your bank account and moves euros in and out.' },
  { name: 'A wallet provider', role: 'creates your self-custodial wallet.' },
  { name: 'An e-signature provider', role: 'signs your agreements (eIDAS/UK e-signature).' },
] as const;

/** /register: the 3-step wizard (docs/product.md §2, §4 and §5); completing signs the person in as an investor. */
export default function RegisterScreen() {
  const { signUp } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [accountType, setAccountType] = useState<AccountType>(
    () => accountTypeFrom(params.get('type')) ?? 'individual',
  );
  const [step, setStep] = useState(1);
  const [form, setForm] = useState<RegistrationForm>(emptyRegistrationForm);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();

  const field = (name: keyof RegistrationForm) => ({
    value: form[name],
    onChange: (value: string) => setForm((before) => ({ ...before, [name]: value })),
  });

  const goTo = (next: number) => {
    setStep(next);
    // The new step's heading takes focus, so keyboard and screen-reader users start at its top.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateRegistrationStep(step, form);
    if (problem) {
      toast.error(problem);
      return;
    }
    if (step < lastStep) {
      goTo(step + 1);
      return;
    }
    if (busy) return;
    setBusy(true);
    // A new account through Supabase Auth; a refusal (an email already registered, a weak
    // password, no connection) is shown as a toast and the form keeps everything typed.
    const ok = await signUp(form.email, form.password, `${form.firstName.trim()} ${form.lastName.trim()}`);
    if (ok) navigate(hrefFor('dashboard'));
    else setBusy(false);
  };

  const stepTitle = registrationSteps[step - 1] ?? '';

  return (
    <Container size="2" px="4" py="6">
      <Flex direction="column" gap="5">
        <HomeLink />
        <PageHeader
          title="Create your account"
          description="Join Vault to invest in audited, tokenized real-world assets with measurable impact."
        />

        <Flex direction="column" gap="2">
          <Text as="p" size="2" weight="medium" id={`${id}-type`}>
            Account type
          </Text>
          <RadioCards.Root
            value={accountType}
            onValueChange={(value) => setAccountType(accountTypeFrom(value) ?? 'individual')}
            columns={{ initial: '1', sm: '2' }}
            aria-labelledby={`${id}-type`}
          >
            {(Object.keys(accountTypes) as AccountType[]).map((type) => (
              <RadioCards.Item key={type} value={type}>
                {accountTypes[type]}
              </RadioCards.Item>
            ))}
          </RadioCards.Root>
        </Flex>

        <Stepper steps={[...registrationSteps]} current={step} label="Registration progress" />

        <Card size="3">
          <Flex asChild direction="column" gap="4">
            <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-step`}>
              <Heading as="h2" size="5" id={`${id}-step`} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
                {stepTitle}
              </Heading>

              {step === 1 ? (
                <>
                  <Text as="p" size="2" color="gray">
                    Registering as: <strong>{accountTypes[accountType]}</strong>
                  </Text>
                  <Grid columns={{ initial: '1', sm: '2' }} gap="3">
                    <Field label="First name" autoComplete="given-name" required {...field('firstName')} />
                    <Field label="Last name" autoComplete="family-name" required {...field('lastName')} />
                  </Grid>
                  <Field label="Email" type="email" autoComplete="email" required {...field('email')} />
                  <Field label="Password" type="password" autoComplete="new-password" required {...field('password')} />
                  <Field
                    label="Confirm password"
                    type="password"
                    autoComplete="new-password"
                    {...field('confirmPassword')}
                    hint="Type the same password again."
                  />
                </>
              ) : null}

              {step === 2 ? (
                <>
                  <Text as="p" size="2" color="gray">
                    All optional: you can add them later in your account settings.
                  </Text>
                  <Field label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
                  <Field label="Address" autoComplete="street-address" {...field('address')} />
                  <Grid columns={{ initial: '1', sm: '2' }} gap="3">
                    <Field label="City" autoComplete="address-level2" {...field('city')} />
                    <Field label="Country" autoComplete="country-name" {...field('country')} />
                  </Grid>
                </>
              ) : null}

              {step === 3 ? (
                <>
                  <Text as="p" size="2">
                    You are about to open {accountType === 'individual' ? 'an' : 'a'}{' '}
                    <strong>{accountTypes[accountType]}</strong> membership for <strong>{form.email}</strong>. Vault
                    works with trusted partners:
                  </Text>
                  <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
                    {providers.map((provider) => (
                      <li key={provider.name}>
                        <Text size="2">
                          <strong>{provider.name}</strong> {provider.role}
                        </Text>
                      </li>
                    ))}
                  </ul>
                  <Text as="p" size="2" color="gray">
                    Next you will create your wallet, verify your identity (KYC/AML), sign the membership agreement and
                    make a first onramp.
                  </Text>
                </>
              ) : null}

              <Flex justify="between" gap="3" wrap="wrap">
                <Button
                  type="button"
                  variant="soft"
                  color="gray"
                  disabled={step === 1 || busy}
                  onClick={() => goTo(step - 1)}
                >
                  Back
                </Button>
                <Button type="submit" disabled={busy}>
                  {step < lastStep ? 'Next' : busy ? 'Creating account…' : 'Complete Registration'}
                </Button>
              </Flex>
            </form>
          </Flex>
        </Card>

        <Text as="p" size="2">
          Already a member?{' '}
          <RadixLink asChild underline="always">
            <Link to={hrefFor('login')}>Sign in</Link>
          </RadixLink>
        </Text>
      </Flex>
    </Container>
  );
}
