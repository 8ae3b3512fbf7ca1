import { Button, Callout, Card, Checkbox, Container, Flex, Heading, Text } from '@radix-ui/themes';
import { agreementSections, hrefFor, messages, readinessStep } from '@vault/domain';
import { PageHeader } from '@vault/ui';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useAgreementSignature } from '../../data/agreement/queries';
import { useSignAgreement } from '../../data/agreement/signAgreement';
import { formatDate } from '../../display/dates';
import { useSession } from '../../session/SessionProvider';

/**
 * /agreement (public): the membership agreement (the domain's text, whose hash the server holds)
 * and a terms tickbox. The sign button reads as disabled until the box is ticked; it stays
 * focusable, so an attempt says why (docs/product.md §5). Signing calls `sign_agreement`; a member
 * who has signed sees when instead of the form.
 */
export default function AgreementScreen() {
  const { session } = useSession();
  const user = session.user;
  return (
    <Container size="2" px="4" py="6">
      <Flex direction="column" gap="5">
        <PageHeader title="Membership Agreement" description="Please read the agreement, then tick the box to sign." />
        <Card size="3">
          <section aria-label="Agreement text">
            <Flex direction="column" gap="4">
              {agreementSections.map((section) => (
                <div key={section.title}>
                  <Heading as="h2" size="3">
                    {section.title}
                  </Heading>
                  <Text as="p" size="2">
                    {section.body}
                  </Text>
                </div>
              ))}
            </Flex>
          </section>
        </Card>
        {user ? <MemberSigning memberId={user.id} /> : <SignForm />}
      </Flex>
    </Container>
  );
}

/** A signed-in member: when they signed the current agreement, or the form until they have. */
function MemberSigning({ memberId }: { memberId: string }) {
  const signature = useAgreementSignature(memberId);
  if (signature.status === 'loading') {
    return (
      <Text as="p" size="2" color="gray" role="status">
        Checking your signature…
      </Text>
    );
  }
  const signed = signature.status === 'ready' ? signature.rows[0] : undefined;
  if (signed) {
    return (
      <Callout.Root color="green" highContrast role="status">
        <Callout.Text>Signed on {formatDate(signed.signed_at)}</Callout.Text>
      </Callout.Root>
    );
  }
  // Unread (an error): the form still signs; a second signature returns the first.
  return <SignForm />;
}

function SignForm() {
  const navigate = useNavigate();
  const signAgreement = useSignAgreement();
  const [agreed, setAgreed] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checkboxId = useId();
  const blocked = !agreed || pending;

  const sign = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!agreed) {
      toast.error(messages.agreeToTerms);
      return;
    }
    setPending(true);
    setError(null);
    const result = await signAgreement();
    setPending(false);
    if (!result.ok) {
      if (result.superseded) return;
      setError(result.error);
      toast.error(result.error);
      return;
    }
    toast.success('Agreement signed successfully');
    navigate(hrefFor('dashboard'));
  };

  return (
    <form onSubmit={sign}>
      <Flex direction="column" gap="4">
        {/* The label is the tap target of its checkbox: at least 24 px high (WCAG 2.5.8). */}
        <Text as="label" htmlFor={checkboxId} size="2" style={{ display: 'block' }}>
          <Flex gap="2" align="center" minHeight="24px">
            <Checkbox id={checkboxId} checked={agreed} onCheckedChange={(value) => setAgreed(value === true)} />I have
            read and agree to the membership agreement terms
          </Flex>
        </Text>
        {error ? (
          <Callout.Root color="red" highContrast role="alert">
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Flex gap="3" justify="end">
          <Button type="submit" aria-disabled={blocked} data-disabled={blocked ? '' : undefined} aria-busy={pending}>
            {pending ? 'Signing…' : readinessStep('agreement').buttonText}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
