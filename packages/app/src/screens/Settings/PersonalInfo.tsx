import { Button, Flex, Grid, Text, TextField } from '@radix-ui/themes';
import type { User } from '@vault/domain';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { useSaveProfile } from '../../data/profile/saveProfile';
import { SettingsSection } from './SettingsSection';

/** Name, email and phone; Save shows success without validation (docs/product.md §5). */
export function PersonalInfo({ user }: { user: User }) {
  const saveProfile = useSaveProfile();
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState('');
  const nameId = useId();
  const emailId = useId();
  const emailHintId = useId();
  const phoneId = useId();

  // Only the name is stored on the server (phone is not part of the profile yet); the session store
  // sends it only when it changed, so a stale tab never overwrites the server's other fields.
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const result = await saveProfile({ name });
    setSaving(false);
    if (result.ok) toast.success('Your personal information has been saved');
    else if (!result.superseded)
      toast.error('Your personal information could not be saved', { description: result.error });
  };

  return (
    <SettingsSection title="Personal information">
      <form onSubmit={(event) => void save(event)}>
        <Flex direction="column" gap="3">
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={nameId} size="2" weight="medium">
                Full name
              </Text>
              <TextField.Root
                id={nameId}
                autoComplete="name"
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            </Flex>
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={emailId} size="2" weight="medium">
                Email
              </Text>
              <TextField.Root id={emailId} type="email" value={user.email} readOnly aria-describedby={emailHintId} />
              <Text as="p" id={emailHintId} size="1" color="gray">
                Your sign-in email. Contact support to change it.
              </Text>
            </Flex>
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={phoneId} size="2" weight="medium">
                Phone
              </Text>
              <TextField.Root
                id={phoneId}
                type="tel"
                autoComplete="tel"
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
              />
            </Flex>
          </Grid>
          <Flex>
            <Button type="submit" disabled={saving}>
              Save
            </Button>
          </Flex>
        </Flex>
      </form>
    </SettingsSection>
  );
}
