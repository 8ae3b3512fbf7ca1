import { Badge, Button, Flex, Text } from '@radix-ui/themes';
import { isKycApproved, openingStepMessage, readinessStep, type User } from '@vault/domain';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { SettingsSection } from './SettingsSection';

/** KYC status; only 'approved' counts as verified (docs/decisions.md (lessons), Centrifuge #1374). */
export function ProfileVerification({ user }: { user: User }) {
  const approved = isKycApproved(user);
  const kyc = readinessStep('kyc');
  return (
    <SettingsSection title="Profile verification">
      <Flex gap="3" align="center" wrap="wrap">
        <Text size="2">Identity verification (KYC/AML):</Text>
        <Badge color={approved ? 'green' : 'amber'} variant="soft" highContrast>
          {approved ? 'Verified' : 'Not verified'}
        </Badge>
      </Flex>
      {approved ? null : (
        <Flex>
          <Button asChild variant="soft">
            <Link to={kyc.target} onClick={() => toast(openingStepMessage(kyc.label))}>
              {kyc.buttonText}
            </Link>
          </Button>
        </Flex>
      )}
    </SettingsSection>
  );
}
