import { Button, Callout, Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import { type EligibilityRefusal, eligibilityRefusalMessage, eligibilityRefusalTitles, hrefFor } from '@vault/domain';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { refusalNextStep } from '../../components/eligibility/nextStep';
import type { EligibilityState } from '../../data/eligibility/eligibility';
import { useRequestToInvest } from '../../data/eligibility/eligibility';

/** The refusals that make an opportunity "Not available to you" whatever the amount. */
function blocks(refusal: EligibilityRefusal | null): refusal is EligibilityRefusal {
  return refusal !== null && refusal !== 'COOLING_OFF_ACTIVE' && refusal !== 'BELOW_MINIMUM';
}

/** What stays of the cooling-off, as "23h 59m 59s". */
function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${hours}h ${String(minutes).padStart(2, '0')}m ${String(seconds).padStart(2, '0')}s`;
}

/** The time now, once a second, until `until`. */
function useNow(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return now;
}

/**
 * The detail's Invest, as the server decides it (docs/eligibility.md): a disabled Invest while the
 * check runs and Retry if it fails, so nobody skips a step the server would refuse; Invest when
 * nothing refuses; "Not available to you" for an amount-independent refusal; for a UK first-time
 * investor the first Invest starts the 24-hour cooling-off (`request_to_invest`), a countdown
 * replaces Invest until it ends (its end from the server's answer, so it survives a reload), then
 * Continue and Leave, given equal weight.
 */
export function InvestAction({
  opportunityId,
  eligibility,
  onRetry,
}: {
  opportunityId: string;
  eligibility: EligibilityState;
  onRetry: () => void;
}) {
  const navigate = useNavigate();
  const requestToInvest = useRequestToInvest();
  const [startedEndsAt, setStartedEndsAt] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refusal = eligibility.status === 'ready' ? eligibility.refusal : null;
  const serverEndsAt =
    eligibility.status === 'ready' && refusal === 'COOLING_OFF_ACTIVE' && eligibility.at
      ? eligibility.at.getTime()
      : null;
  const endsAt = startedEndsAt ?? serverEndsAt;
  const now = useNow(endsAt);
  const investHref = hrefFor('investmentFlow', { id: opportunityId });
  const checkingId = useId();

  if (eligibility.status === 'loading') {
    return (
      <Flex direction="column" gap="1" align="end">
        <Button type="button" disabled aria-describedby={checkingId}>
          Invest
        </Button>
        <Text id={checkingId} size="1" color="gray" role="status">
          Checking whether you can invest…
        </Text>
      </Flex>
    );
  }

  if (eligibility.status === 'error') {
    return (
      <Flex direction="column" gap="1" align="end">
        <Text size="2" color="red" role="alert">
          We could not check whether you can invest: {eligibility.error}
        </Text>
        <Button type="button" variant="soft" onClick={onRetry}>
          Retry
        </Button>
      </Flex>
    );
  }

  if (blocks(refusal)) {
    const next = refusalNextStep(refusal, opportunityId);
    return (
      <Flex direction="column" gap="2" align="end">
        <Button type="button" disabled>
          Not available to you
        </Button>
        <Callout.Root color="gray" role="status" aria-label="Not available to you">
          <Callout.Text weight="bold">{eligibilityRefusalTitles[refusal]}</Callout.Text>
          <Callout.Text>{eligibilityRefusalMessage(refusal)}</Callout.Text>
          {next ? (
            <Callout.Text>
              <RadixLink asChild weight="medium">
                <Link to={next.href}>{next.label}</Link>
              </RadixLink>
            </Callout.Text>
          ) : null}
        </Callout.Root>
      </Flex>
    );
  }

  if (endsAt !== null && now < endsAt) {
    return (
      <Flex direction="column" gap="1" align="end" role="timer" aria-label="Cooling-off period">
        <Text size="2" weight="bold">
          Cooling-off: {formatRemaining(endsAt - now)}
        </Text>
        <Text size="1" color="gray">
          As a first-time investor you can invest when it ends, at {new Date(endsAt).toLocaleString('en-GB')}.
        </Text>
      </Flex>
    );
  }

  if (endsAt !== null) {
    return (
      <Flex gap="2" role="group" aria-label="Your cooling-off period has ended">
        <Button type="button" variant="soft" onClick={() => navigate(investHref)}>
          Continue
        </Button>
        <Button type="button" variant="soft" onClick={() => navigate(hrefFor('opportunities'))}>
          Leave
        </Button>
      </Flex>
    );
  }

  if (refusal === 'COOLING_OFF_ACTIVE') {
    const start = async () => {
      setPending(true);
      setError(null);
      const answer = await requestToInvest(opportunityId);
      setPending(false);
      if (!answer.ok) {
        if (!answer.superseded) setError(answer.error);
      } else if (answer.endsAt === null) navigate(investHref);
      else setStartedEndsAt(new Date(answer.endsAt).getTime());
    };
    return (
      <Flex direction="column" gap="2" align="end">
        <Button type="button" onClick={start} loading={pending}>
          Invest
        </Button>
        {error ? (
          <Text size="2" color="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Flex>
    );
  }

  return (
    <Button asChild>
      <Link to={investHref}>Invest</Link>
    </Button>
  );
}
