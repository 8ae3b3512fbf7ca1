import { Badge, Button, Card, Container, Flex, Heading, Text } from '@radix-ui/themes';
import { hrefFor, isKycApproved, readinessStep } from '@vault/domain';
import { PageHeader } from '@vault/ui';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useApproveKyc } from '../../data/kyc/approveKyc';
import { useDemoMode } from '../../display/demoMode';
import { useSession } from '../../session/SessionProvider';

const checks = [
  { title: 'Identity document', text: 'A passport or national identity card, photographed with your phone or webcam.' },
  { title: 'Selfie check', text: 'A short live selfie, matched against your document photo.' },
  { title: 'Proof of address', text: 'A bank statement or utility bill from the last three months.' },
];

/** /kyc-verification (public): what KYC/AML asks for, the demo approval, Skip for Now and Continue. */
export default function KycVerificationScreen() {
  const { session } = useSession();
  const approveKyc = useApproveKyc();
  const demo = useDemoMode();
  const navigate = useNavigate();
  const user = session.user;
  const approved = user ? isKycApproved(user) : false;

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
            <Badge color={approved ? 'green' : 'amber'} variant="soft" highContrast>
              {approved ? 'Approved' : 'Not verified'}
            </Badge>
          </Flex>
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
        <Flex gap="3" justify="end">
          <Button type="button" variant="soft" color="gray" highContrast onClick={() => navigate(hrefFor('dashboard'))}>
            Skip for Now
          </Button>
          <Button type="button" onClick={() => navigate(hrefFor('dashboard'))}>
            Continue
          </Button>
        </Flex>
      </Flex>
    </Container>
  );
}
