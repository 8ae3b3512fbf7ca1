import { Button, Callout, Flex, Text, TextField } from '@radix-ui/themes';
import { hrefFor } from '@vault/domain';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../session/SessionProvider';
import { SettingsSection } from './SettingsSection';

const CONFIRM_PHRASE = 'DELETE MY ACCOUNT';

/**
 * Account deletion: Delete Account toggles a confirm box; it asks for a phrase whose text is not
 * checked (docs/product.md §5); confirming logs out and goes to / (docs/product.md §4).
 */
export function AccountDeletion() {
  const { logout } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const boxId = useId();
  const inputId = useId();

  return (
    <SettingsSection title="Delete account" description="Closing your account removes your profile and wallet access.">
      <Flex>
        <Button
          type="button"
          color="red"
          variant="soft"
          aria-expanded={open}
          aria-controls={boxId}
          onClick={() => setOpen((o) => !o)}
        >
          Delete Account
        </Button>
      </Flex>
      <div id={boxId} hidden={!open}>
        {open ? (
          <Callout.Root color="red" variant="surface">
            <Flex direction="column" gap="3">
              <Callout.Text>
                This cannot be undone. Type {CONFIRM_PHRASE} to confirm that you want to delete your account.
              </Callout.Text>
              <Flex direction="column" gap="1" maxWidth="320px">
                <Text as="label" htmlFor={inputId} size="2" weight="medium">
                  Type {CONFIRM_PHRASE}
                </Text>
                <TextField.Root
                  id={inputId}
                  autoComplete="off"
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                />
              </Flex>
              <Flex gap="3">
                <Button
                  type="button"
                  color="red"
                  onClick={() => {
                    logout();
                    // The page's guard sends a signed-out visitor to /login as soon as the session
                    // ends; going on to / after that redirect lands on the landing page.
                    setTimeout(() => void navigate(hrefFor('landing'), { replace: true }), 0);
                  }}
                >
                  Confirm Deletion
                </Button>
                <Button type="button" variant="soft" color="gray" highContrast onClick={() => setOpen(false)}>
                  Cancel
                </Button>
              </Flex>
            </Flex>
          </Callout.Root>
        ) : null}
      </div>
    </SettingsSection>
  );
}
