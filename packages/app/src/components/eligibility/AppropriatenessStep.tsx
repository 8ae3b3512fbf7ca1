import { Button, Callout, Card, Checkbox, Flex, Heading, RadioGroup, Skeleton, Text } from '@radix-ui/themes';
import { appropriatenessWarning, type ClientQuestionnaire } from '@vault/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { type AppropriatenessResult, useInvestorProfileActions } from '../../data/investorProfile/investorProfile';

/** A label is tapped as a whole: at least 24 px tall, even on one line (WCAG 2.5.8). */
const tapTarget = { display: 'block', minHeight: 24 } as const;

/** A server time as the investor reads it: their locale, to the minute. */
function formatTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The appropriateness questionnaire (docs/eligibility.md): the server's current version
 * (`current_questionnaire`), scored by the server (`submit_appropriateness`). "Not appropriate"
 * for an EU retail investor shows the warning, to go ahead only after an explicit
 * acknowledgement; a UK investor who fails reads when the test can be taken again.
 */
export function AppropriatenessStep({ onDone }: { onDone: () => void }) {
  const id = useId();
  const actions = useInvestorProfileActions();
  const { loadQuestionnaire } = actions;
  const [questionnaire, setQuestionnaire] = useState<ClientQuestionnaire | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [result, setResult] = useState<AppropriatenessResult | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void loadQuestionnaire().then((answer) => {
      if (!live) return;
      if (answer.ok) setQuestionnaire(answer.questionnaire);
      else if (!answer.superseded) setLoadError(answer.error);
    });
    return () => {
      live = false;
    };
  }, [loadQuestionnaire]);

  const complete = questionnaire?.questions.every((q) => answers[q.id] !== undefined) === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!questionnaire || !complete || pending) return;
    setPending(true);
    setError(null);
    const answer = await actions.submitAppropriateness(questionnaire.version, answers);
    setPending(false);
    if (!answer.ok) {
      if (!answer.superseded) setError(answer.error);
      return;
    }
    setResult(answer.result);
    if (answer.result.passed) onDone();
  };

  const acknowledge = async () => {
    setPending(true);
    setError(null);
    const answer = await actions.acknowledgeWarning();
    setPending(false);
    if (answer.ok) onDone();
    else if (!answer.superseded) setError(answer.error);
  };

  const errorCallout = error ? (
    <Callout.Root color="red" role="alert">
      <Callout.Text>{error}</Callout.Text>
    </Callout.Root>
  ) : null;

  if (result && !result.passed && result.retakeAt) {
    return (
      <Card size="3">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="5">
            You did not pass the appropriateness questions
          </Heading>
          <Text as="p" size="2" role="status">
            UK investors must pass before investing. You can take them again after {formatTime(result.retakeAt)}.
          </Text>
        </Flex>
      </Card>
    );
  }

  if (result && !result.passed) {
    return (
      <Card size="3">
        <Flex direction="column" gap="3">
          <Callout.Root color="amber" highContrast role="alert">
            <Callout.Text weight="bold">{appropriatenessWarning.title}</Callout.Text>
            <Callout.Text>{appropriatenessWarning.body}</Callout.Text>
          </Callout.Root>
          <Text as="label" size="2" style={tapTarget}>
            <Flex gap="2" align="start">
              <Checkbox checked={acknowledged} onCheckedChange={(value) => setAcknowledged(value === true)} />
              {appropriatenessWarning.acknowledge}
            </Flex>
          </Text>
          {errorCallout}
          <Flex>
            <Button type="button" disabled={!acknowledged || pending} loading={pending} onClick={acknowledge}>
              Continue
            </Button>
          </Flex>
        </Flex>
      </Card>
    );
  }

  return (
    <Card size="3">
      <Flex asChild direction="column" gap="4">
        <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
          <Heading as="h2" size="5" id={`${id}-title`}>
            Is this investment right for you?
          </Heading>
          <Text as="p" size="2" color="gray">
            A few questions about what you know, what you have done and what you can afford to lose.
          </Text>
          {loadError ? (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{loadError}</Callout.Text>
            </Callout.Root>
          ) : null}
          {!questionnaire && !loadError ? <Skeleton height="160px" /> : null}
          {questionnaire?.questions.map((question) => (
            <Flex direction="column" gap="2" key={question.id}>
              <Text as="p" size="2" weight="medium" id={`${id}-${question.id}`}>
                {question.text}
              </Text>
              <RadioGroup.Root
                value={answers[question.id] ?? ''}
                onValueChange={(value) => setAnswers({ ...answers, [question.id]: value })}
                aria-labelledby={`${id}-${question.id}`}
              >
                {question.options.map((option) => (
                  <RadioGroup.Item key={option.id} value={option.id} style={{ minHeight: 24 }}>
                    {option.text}
                  </RadioGroup.Item>
                ))}
              </RadioGroup.Root>
            </Flex>
          ))}
          {errorCallout}
          <Flex>
            <Button type="submit" disabled={!complete || pending} loading={pending}>
              Submit answers
            </Button>
          </Flex>
        </form>
      </Flex>
    </Card>
  );
}
