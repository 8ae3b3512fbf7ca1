import { Badge, Box, Button, Callout, Card, Container, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { hrefFor, isKycApproved, readinessStep } from '@vault/domain';
import { PageHeader } from '@vault/ui';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { DemoKycProvider } from '../../components/DemoProviders/DemoKycProvider';
import { useApproveKyc } from '../../data/kycCases/approveKyc';
import { useKycCase } from '../../data/kycCases/kycCase';
import { useSubmitKyc } from '../../data/kycCases/submitKyc';
import { useDemoMode } from '../../display/demoMode';
import { useSession } from '../../session/SessionProvider';

/** How each stored status shows (`profiles.kyc_status`; anything else has not been started). */
const statusBadges: Record<string, { label: string; color: 'green' | 'amber' | 'red' | 'gray' }> = {
  approved: { label: 'Approved', color: 'green' },
  pending: { label: 'Under review', color: 'amber' },
  rejected: { label: 'Not approved', color: 'red' },
  resubmission_requested: { label: 'More information needed', color: 'amber' },
};
const notVerified = { label: 'Not verified', color: 'amber' } as const;

/** A decision the member can answer by starting again, with the reason the server kept. */
const startsAgain = new Set(['rejected', 'resubmission_requested']);

const checks = [
  { title: 'Identity document', text: 'A passport or national identity card, photographed with your phone or webcam.' },
  { title: 'Selfie check', text: 'A short live selfie, matched against your document photo.' },
  { title: 'Proof of address', text: 'A bank statement or utility bill from the last three months.' },
];

/**
 * /kyc-verification (public): what KYC/AML asks for and the member's status ("Under review" while
 * pending; the reason and Start again after a rejection or a resubmission request). Continue
 * submits the verification (the kyc-session function, which calls start_kyc) and goes to
 * /dashboard; Skip for Now goes there too. The demo approval and the demo KYC provider's
 * controls show in demo mode only.
 */
export default function KycVerificationScreen() {
  const { session } = useSession();
  const approveKyc = useApproveKyc();
  const submitKyc = useSubmitKyc();
  const demo = useDemoMode();
  const navigate = useNavigate();
  const user = session.user;
  const approved = user ? isKycApproved(user) : false;
  const status = user?.kycStatus ?? '';
  const badge = statusBadges[status] ?? notVerified;
  const decided = startsAgain.has(status);
  const kycCase = useKycCase(user?.id, status, decided);
  const [submitting, setSubmitting] = useState<'continue' | 'again' | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const errorId = useId();

  // Submits only what is not already with the reviewers; approved and pending just move on.
  const submit = async (then: 'continue' | 'again') => {
    if (submitting) return;
    if (!user || approved || status === 'pending') {
      if (then === 'continue') navigate(hrefFor('dashboard'));
      return;
    }
    setSubmitting(then);
    setSubmitError(null);
    const result = await submitKyc();
    setSubmitting(null);
    if (!result.ok) {
      if (!result.superseded) setSubmitError(result.error);
      return;
    }
    if (then === 'continue') navigate(hrefFor('dashboard'));
  };

  // The demo function approves the caller's own KYC on the server (docs/backend.md); the answer
  // is the updated profile, applied only if the same member is still signed in.
  const approve = async () => {
    const result = await approveKyc();
    if (result.ok) toast.success('KYC approved');
    else if (!result.superseded) toast.error('KYC could not be approved', { description: result.error });
  };

  return (
    <Container size="2" px="4" py="6">
      <Flex direction="column" gap="5">
        <PageHeader
          title="Verify your identity"
          description={`EU and UK rules ask us to confirm who you are before you invest (KYC/AML). It takes ${readinessStep('kyc').estimate}.`}
        />
        {user ? (
          <Flex gap="2" align="center">
            <Text size="2">Your verification status:</Text>
            <Badge color={badge.color} variant="soft" highContrast>
              {badge.label}
            </Badge>
          </Flex>
        ) : null}
        {user && status === 'pending' ? (
          <Text as="p" size="2" color="gray">
            We have your verification and will tell you once it is reviewed.
          </Text>
        ) : null}
        {user && decided ? (
          <Callout.Root
            color={status === 'rejected' ? 'red' : 'amber'}
            role="region"
            aria-label="Verification decision"
          >
            <Callout.Text>
              {status === 'rejected'
                ? 'Your identity verification was not approved. Contact support if you think this is wrong.'
                : 'Please submit your identity verification again.'}
            </Callout.Text>
            <Callout.Text>
              {kycCase.state === 'loading' ? (
                <Flex as="span" gap="2" align="center">
                  <Spinner size="1" />
                  Loading the reason…
                </Flex>
              ) : kycCase.state === 'error' ? (
                `The reason could not be loaded: ${kycCase.error}`
              ) : (
                `Reason: ${kycCase.reason ?? 'No reason was given.'}`
              )}
            </Callout.Text>
            {/* A rejection is final for the member: only compliance reopens it (docs/security.md). */}
            {status === 'rejected' ? null : (
              <Flex>
                <Button
                  type="button"
                  variant="soft"
                  loading={submitting === 'again'}
                  disabled={submitting !== null}
                  onClick={() => void submit('again')}
                >
                  Start again
                </Button>
              </Flex>
            )}
          </Callout.Root>
        ) : null}
        <Card size="3">
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4">
              How verification works
            </Heading>
            <Text as="p" size="2" color="gray">
              Our identity-verification partner checks your documents securely; Vault never stores your document images.
              You can stop at any point and continue later.
            </Text>
            <ol style={{ margin: 0, paddingLeft: '1.25rem', display: 'grid', gap: 'var(--space-2)' }}>
              {checks.map((check) => (
                <li key={check.title}>
                  <Text size="2" weight="medium">
                    {check.title}
                  </Text>
                  <Text as="p" size="2" color="gray">
                    {check.text}
                  </Text>
                </li>
              ))}
            </ol>
          </Flex>
        </Card>
        {demo && user && !approved ? (
          <Card size="2">
            <Flex gap="3" align="center" wrap="wrap">
              <Text size="2" color="gray">
                Demo mode
              </Text>
              <Button type="button" variant="outline" color="amber" onClick={() => void approve()}>
                Approve KYC (demo)
              </Button>
            </Flex>
          </Card>
        ) : null}
        {user ? <DemoKycProvider kycStatus={status} /> : null}
        {/* The alert sits in the buttons' box: empty, it takes no room (and no gap) in the page. */}
        <Box>
          <Text as="p" id={errorId} size="2" color="red" role="alert" mb={submitError ? '3' : '0'}>
            {submitError ? `Your verification could not be submitted: ${submitError}` : ''}
          </Text>
          <Flex gap="3" justify="end">
            <Button
              type="button"
              variant="soft"
              color="gray"
              highContrast
              onClick={() => navigate(hrefFor('dashboard'))}
            >
              Skip for Now
            </Button>
            <Button
              type="button"
              loading={submitting === 'continue'}
              disabled={submitting !== null || status === 'rejected'}
              aria-describedby={submitError ? errorId : undefined}
              onClick={() => void submit('continue')}
            >
              Continue
            </Button>
          </Flex>
        </Box>
      </Flex>
    </Container>
  );
}
