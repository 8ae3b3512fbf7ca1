import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { ErrorState, LoadingSkeleton } from '@vault/ui';
import { type ReactNode, useId, useState } from 'react';
import type { CallResult } from '../../backend/callResult';
import { MOCK_BACKEND, useDemoMode } from '../../display/demoMode';

/**
 * Whether the demo providers' controls show: demo mode on the embedded backend only. A real
 * build has no `/embedded` paths, so nothing of the panels renders and nothing is asked there.
 */
export function useDemoProviderControls(): boolean {
  const demo = useDemoMode();
  return MOCK_BACKEND && demo;
}

/** A read of the panel as one state: loading, error (with its Retry) or ready. */
export type PanelRead = { status: 'loading' | 'error' | 'ready'; retry: () => void };

/** One demo provider's panel: a named section saying what it stands in for, or its loading and error states. */
export function DemoPanel({
  title,
  description,
  read,
  children,
}: {
  title: string;
  description: string;
  read: PanelRead;
  children: ReactNode;
}) {
  const headingId = useId();
  if (read.status === 'error') {
    return <ErrorState title={`${title}: the controls could not be loaded`} onRetry={read.retry} headingLevel={2} />;
  }
  return (
    <Card size="3" asChild>
      <section aria-labelledby={headingId}>
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="1">
            <Heading as="h2" size="4" id={headingId}>
              {title}
            </Heading>
            <Text as="p" size="2" color="gray">
              {description}
            </Text>
          </Flex>
          {read.status === 'loading' ? (
            <LoadingSkeleton variant="text" count={2} label={`${title}: loading…`} />
          ) : (
            children
          )}
        </Flex>
      </section>
    </Card>
  );
}

export interface Choice {
  /** null: the provider's own default. */
  id: string | null;
  label: string;
}

/** A labelled group of choices, the chosen one pressed; a choice is saved as it is pressed. */
export function ChoiceGroup({
  label,
  choices,
  chosen,
  onChoose,
}: {
  label: string;
  choices: readonly Choice[];
  chosen: string | null;
  onChoose: (id: string | null) => Promise<CallResult>;
}) {
  const labelId = useId();
  const errorId = useId();
  const [saving, setSaving] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const choose = async (id: string | null) => {
    setSaving(id);
    setError(null);
    const result = await onChoose(id);
    setSaving(undefined);
    if (!result.ok && !result.superseded) setError(`Your choice could not be saved: ${result.error}`);
  };
  return (
    <Flex direction="column" gap="2">
      <Text as="p" id={labelId} size="2" weight="medium">
        {label}
      </Text>
      <Flex role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined} gap="2" wrap="wrap">
        {choices.map((choice) => {
          const pressed = choice.id === chosen;
          return (
            <Button
              key={choice.id ?? 'default'}
              type="button"
              color="amber"
              variant={pressed ? 'solid' : 'outline'}
              aria-pressed={pressed}
              loading={saving === choice.id}
              disabled={saving !== undefined}
              onClick={() => void choose(choice.id)}
            >
              {choice.label}
            </Button>
          );
        })}
      </Flex>
      {error ? (
        <Text as="p" id={errorId} size="2" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}

/** The label of the provider's default: its automatic outcome, or none. */
export function defaultChoice(auto: string | null, outcomes: readonly { id: string; label: string }[]): Choice {
  const label = outcomes.find((outcome) => outcome.id === auto)?.label;
  return { id: null, label: label ? `Provider default (${label})` : 'Provider default (no automatic outcome)' };
}
