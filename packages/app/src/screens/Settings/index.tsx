import { Flex } from '@radix-ui/themes';
import { PageHeader } from '@vault/ui';
import { useSession } from '../../session/SessionProvider';
import { AccountDeletion } from './AccountDeletion';
import { PersonalInfo } from './PersonalInfo';
import { Preferences, Security } from './Preferences';
import { ProfileVerification } from './ProfileVerification';
import { WalletCreation } from './WalletCreation';

/** /settings (docs/product.md §2): personal info, preferences, security, verification, wallet, deletion. */
export default function SettingsScreen() {
  const { session } = useSession();
  const user = session.user;
  if (!user) return null;
  return (
    <Flex direction="column" gap="4" maxWidth="800px">
      <PageHeader title="Account Settings" description={`Signed in as ${user.email}`} />
      <WalletCreation user={user} />
      <PersonalInfo user={user} />
      <ProfileVerification user={user} />
      <Preferences user={user} />
      <Security />
      <AccountDeletion />
    </Flex>
  );
}
