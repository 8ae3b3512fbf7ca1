import { Button, Card, Checkbox, Container, Flex, Heading, Text } from '@radix-ui/themes';
import { hrefFor, messages, readinessStep } from '@vault/domain';
import { PageHeader } from '@vault/ui';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { agreementSections } from './agreementText';

/**
 * /agreement (public): the membership agreement and a terms tickbox. The sign button reads as
 * disabled until the box is ticked; it stays focusable, so an attempt says why (docs/product.md §5).
 */
export default function AgreementScreen() {
  const navigate = useNavigate();
  const [agreed, setAgreed] = useState(false);
  const checkboxId = useId();

  const sign = (event: FormEvent) => {
    event.preventDefault();
    if (!agreed) {
      toast.error(messages.agreeToTerms);
      return;
    }
    toast.success('Agreement signed successfully');
    navigate(hrefFor('dashboard'));
  };

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
        <form onSubmit={sign}>
          <Flex direction="column" gap="4">
            <Text as="label" htmlFor={checkboxId} size="2">
              <Flex gap="2" align="center">
                <Checkbox id={checkboxId} checked={agreed} onCheckedChange={(value) => setAgreed(value === true)} />I
                have read and agree to the membership agreement terms
              </Flex>
            </Text>
            <Flex gap="3" justify="end">
              <Button type="submit" aria-disabled={!agreed} data-disabled={agreed ? undefined : ''}>
                {readinessStep('agreement').buttonText}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Flex>
    </Container>
  );
}
