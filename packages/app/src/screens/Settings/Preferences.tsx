import { Flex, Switch, Text } from '@radix-ui/themes';
import {
  effectivePreferences,
  type PreferenceChannel,
  preferenceChannels,
  preferenceMessages,
  type User,
} from '@vault/domain';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useSavePreferences } from '../../data/profile/savePreferences';
import { SettingsSection } from './SettingsSection';

interface ToggleProps {
  label: string;
  hint: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
}

function Toggle({ label, hint, checked, onCheckedChange }: ToggleProps) {
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
      <Switch
        size="3"
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-labelledby={labelId}
        aria-describedby={hintId}
      />
    </Flex>
  );
}

/**
 * Communication preference toggles, stored on the member's profile (the channels and their
 * defaults: packages/domain/src/preferences.ts). A toggle moves at once and saves; a failed save
 * moves it back with an error toast. Success toasts like Personal information's Save.
 */
export function Preferences({ user }: { user: User }) {
  const savePreferences = useSavePreferences();
  const stored = effectivePreferences(user.preferences);
  // What the member just chose, shown until its save answers.
  const [pending, setPending] = useState<Record<string, boolean>>({});
  // The newest toggle of each channel: only its answer settles the switch and toasts.
  const latest = useRef<Record<string, number>>({});

  const change = async (channel: PreferenceChannel, on: boolean) => {
    const request = (latest.current[channel.id] ?? 0) + 1;
    latest.current[channel.id] = request;
    setPending((current) => ({ ...current, [channel.id]: on }));
    const result = await savePreferences({ [channel.id]: on });
    if (latest.current[channel.id] !== request) return;
    // Settled: the switch shows the stored value again, the new one if the save went through.
    setPending((current) => {
      const { [channel.id]: _settled, ...rest } = current;
      return rest;
    });
    if (result.ok) toast.success(preferenceMessages.saved(channel));
    else if (!result.superseded) toast.error(preferenceMessages.failed(channel), { description: result.error });
  };

  return (
    <SettingsSection title="Communication preferences">
      {preferenceChannels.map((channel) => (
        <Toggle
          key={channel.id}
          label={channel.label}
          hint={channel.hint}
          checked={pending[channel.id] ?? stored[channel.id] ?? channel.defaultOn}
          onCheckedChange={(on) => void change(channel, on)}
        />
      ))}
    </SettingsSection>
  );
}

/** Security: two-factor authentication. */
export function Security() {
  const [on, setOn] = useState(false);
  return (
    <SettingsSection title="Security" description="Protect your account with a second step at sign-in.">
      <Toggle
        label="Two-factor authentication"
        hint="A code from your authenticator app at every sign-in"
        checked={on}
        onCheckedChange={setOn}
      />
    </SettingsSection>
  );
}
