import { Flex, Switch, Text } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { SettingsSection } from './SettingsSection';

const channels = [
  { id: 'email', label: 'Email notifications', hint: 'Distributions, documents to sign and account alerts', on: true },
  { id: 'sms', label: 'SMS alerts', hint: 'Security alerts and payment confirmations', on: false },
  { id: 'news', label: 'Newsletter', hint: 'New opportunities and impact reports, monthly', on: true },
] as const;

function Toggle({ label, hint, initial }: { label: string; hint: string; initial: boolean }) {
  const [on, setOn] = useState<boolean>(initial);
  const labelId = useId();
  const hintId = useId();
  return (
    <Flex justify="between" align="center" gap="4">
      <Flex direction="column">
        <Text id={labelId} size="2" weight="medium">
          {label}
        </Text>
        <Text id={hintId} size="1" color="gray">
          {hint}
        </Text>
      </Flex>
      <Switch size="3" checked={on} onCheckedChange={setOn} aria-labelledby={labelId} aria-describedby={hintId} />
    </Flex>
  );
}

/** Communication preference toggles. */
export function Preferences() {
  return (
    <SettingsSection title="Communication preferences">
      {channels.map((channel) => (
        <Toggle key={channel.id} label={channel.label} hint={channel.hint} initial={channel.on} />
      ))}
    </SettingsSection>
  );
}

/** Security: two-factor authentication. */
export function Security() {
  return (
    <SettingsSection title="Security" description="Protect your account with a second step at sign-in.">
      <Toggle
        label="Two-factor authentication"
        hint="A code from your authenticator app at every sign-in"
        initial={false}
      />
    </SettingsSection>
  );
}
