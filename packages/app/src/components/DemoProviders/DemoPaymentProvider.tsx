import { Badge, Button, Flex, Heading, Text } from '@radix-ui/themes';
import { formatEuros } from '@vault/domain';
import { useEffect, useRef, useState } from 'react';
import {
  type DemoPaymentSession,
  type DemoWithdrawal,
  refreshDemoWithdrawals,
  useChooseNextOutcome,
  useDecidePayment,
  useDecidePayout,
  useDemoPaymentSessions,
  useDemoProviders,
  useDemoWithdrawals,
  useNextOutcomes,
} from '../../data/demoProviders/demoProviders';
import { useBalance } from '../../data/ledger/balance';
import { ChoiceGroup, DemoPanel, defaultChoice, useDemoProviderControls } from './DemoPanel';

/** How a session's payment shows (the provider's view of it; `open`: nothing decided yet). */
const sessionStatuses: Record<string, { label: string; color: 'gray' | 'amber' | 'green' | 'red' }> = {
  open: { label: 'Not decided yet', color: 'gray' },
  pending: { label: 'Awaiting the bank transfer', color: 'amber' },
  settled: { label: 'Settled', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  refunded: { label: 'Refunded', color: 'gray' },
  charged_back: { label: 'Charged back', color: 'red' },
};

/**
 * Demo mode on the embedded backend: the demo payment provider's controls. The member chooses what
 * their next payment does, moves each of their payments on (a bank transfer arrives or fails;
 * a settled payment is refunded or charged back), and has the payout of each withdrawal awaiting
 * it arrive or fail. `onDecided` tells the screen to read its figures again.
 */
export function DemoPaymentProvider({ onDecided }: { onDecided: () => void }) {
  return useDemoProviderControls() ? <PaymentControls onDecided={onDecided} /> : null;
}

function PaymentControls({ onDecided }: { onDecided: () => void }) {
  const providers = useDemoProviders();
  const next = useNextOutcomes();
  const sessions = useDemoPaymentSessions();
  const withdrawals = useDemoWithdrawals();
  const chooseNext = useChooseNextOutcome();
  const decide = useDecidePayment();
  const decidePayout = useDecidePayout();
  const [deciding, setDeciding] = useState<string | null>(null);
  const [told, setTold] = useState<{ text: string; failed: boolean } | null>(null);
  const withdrawalsHeading = useRef<HTMLHeadingElement>(null);

  // The held amount moves when a withdrawal is requested on the screen: the list is read again.
  const balance = useBalance();
  const held = balance.status === 'ready' ? (balance.rows[0]?.held_cents ?? null) : null;
  const seenHeld = useRef(held);
  useEffect(() => {
    if (seenHeld.current === held) return;
    const before = seenHeld.current;
    seenHeld.current = held;
    if (before !== null && held !== null) refreshDemoWithdrawals();
  }, [held]);

  const reads = [providers, next, sessions, withdrawals];
  const status = reads.some((read) => read.status === 'error')
    ? 'error'
    : reads.every((read) => read.status === 'ready')
      ? 'ready'
      : 'loading';
  const retry = () => {
    for (const read of reads) if (read.status === 'error') read.retry();
  };
  const payments = providers.status === 'ready' ? providers.rows[0]?.payments : undefined;
  const chosen = next.status === 'ready' ? (next.rows[0]?.payments ?? null) : null;
  const payouts = providers.status === 'ready' ? providers.rows[0]?.payouts : undefined;
  const labelOf = (id: string) => payments?.outcomes.find((outcome) => outcome.id === id)?.label ?? id;
  const payoutLabelOf = (id: string) => payouts?.outcomes.find((outcome) => outcome.id === id)?.label ?? id;
  const awaiting = withdrawals.status === 'ready' ? withdrawals.rows.filter((w) => w.status === 'requested') : [];

  const decideNow = async (session: DemoPaymentSession, outcome: string) => {
    const key = `${session.id}:${outcome}`;
    setDeciding(key);
    setTold(null);
    const result = await decide(session.id, outcome);
    setDeciding(null);
    if (result.ok) {
      setTold({
        text: result.recorded
          ? `Demo: ${labelOf(outcome)}: sent for your payment of ${formatEuros(session.amountCents)}.`
          : `Demo: ${labelOf(outcome)}: sent for your payment of ${formatEuros(session.amountCents)}; the server does not record it.`,
        failed: false,
      });
    } else if (!result.superseded) {
      setTold({ text: `Demo: the provider’s event could not be sent: ${result.error}`, failed: true });
    }
    onDecided();
  };

  const payOutNow = async (withdrawal: DemoWithdrawal, outcome: string) => {
    setDeciding(`${withdrawal.id}:${outcome}`);
    setTold(null);
    const result = await decidePayout(withdrawal.id, outcome);
    setDeciding(null);
    const what = `Demo: ${payoutLabelOf(outcome)}: sent for your withdrawal of ${formatEuros(withdrawal.amountCents)}`;
    if (result.ok) {
      setTold({ text: result.recorded ? `${what}.` : `${what}; the server does not record it.`, failed: false });
      // The decided withdrawal leaves the list with the focused button: focus stays in the section.
      withdrawalsHeading.current?.focus();
    } else if (!result.superseded) {
      setTold({ text: `Demo: the provider’s event could not be sent: ${result.error}`, failed: true });
    }
    onDecided();
  };

  return (
    <DemoPanel
      title="Demo: payment provider"
      description="In this demo these controls play the payment provider. A real deployment has none of them."
      read={{ status, retry }}
    >
      {payments && sessions.status === 'ready' && withdrawals.status === 'ready' ? (
        <Flex direction="column" gap="4">
          <ChoiceGroup
            label="What your next payment does"
            choices={[
              defaultChoice(payments.auto, payments.outcomes),
              ...payments.outcomes.filter((outcome) => outcome.appliesTo.includes('open')),
            ]}
            chosen={chosen}
            onChoose={(id) => chooseNext('payments', id)}
          />
          <Flex direction="column" gap="2">
            <Heading as="h3" size="3">
              Your payments at the provider
            </Heading>
            {sessions.rows.length === 0 ? (
              <Text as="p" size="2" color="gray">
                No payments yet.
              </Text>
            ) : (
              <ul style={{ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: 'var(--space-3)' }}>
                {sessions.rows.map((session) => {
                  const shown = sessionStatuses[session.status] ?? { label: session.status, color: 'gray' as const };
                  return (
                    <ProviderItem
                      key={session.id}
                      name={`Payment of ${formatEuros(session.amountCents)}, ${shown.label.toLowerCase()}`}
                      amountCents={session.amountCents}
                      badge={shown}
                      actions={session.outcomes.map((outcome) => ({
                        id: outcome,
                        label: labelOf(outcome),
                        loading: deciding === `${session.id}:${outcome}`,
                        run: () => void decideNow(session, outcome),
                      }))}
                      busy={deciding !== null}
                    />
                  );
                })}
              </ul>
            )}
          </Flex>
          <Flex direction="column" gap="2">
            <Heading as="h3" size="3" ref={withdrawalsHeading} tabIndex={-1} style={{ outline: 'none' }}>
              Your withdrawals awaiting their payout
            </Heading>
            {awaiting.length === 0 ? (
              <Text as="p" size="2" color="gray">
                No withdrawal awaiting its payout.
              </Text>
            ) : (
              <ul style={{ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: 'var(--space-3)' }}>
                {awaiting.map((withdrawal) => (
                  <ProviderItem
                    key={withdrawal.id}
                    name={`Withdrawal of ${formatEuros(withdrawal.amountCents)}, awaiting its payout`}
                    amountCents={withdrawal.amountCents}
                    badge={{ label: 'Awaiting its payout', color: 'amber' }}
                    actions={withdrawal.outcomes.map((outcome) => ({
                      id: outcome,
                      label: payoutLabelOf(outcome),
                      loading: deciding === `${withdrawal.id}:${outcome}`,
                      run: () => void payOutNow(withdrawal, outcome),
                    }))}
                    busy={deciding !== null}
                  />
                ))}
              </ul>
            )}
          </Flex>
          <Text as="p" size="2" role="status" color={told?.failed ? 'red' : undefined}>
            {told?.text ?? ''}
          </Text>
        </Flex>
      ) : null}
    </DemoPanel>
  );
}

interface ProviderAction {
  id: string;
  label: string;
  loading: boolean;
  run: () => void;
}

/** One payment or withdrawal in the provider's list: its amount, where it stands, and what may happen to it next. */
function ProviderItem(props: {
  name: string;
  amountCents: number;
  badge: { label: string; color: 'gray' | 'amber' | 'green' | 'red' };
  actions: ProviderAction[];
  busy: boolean;
}) {
  return (
    <li>
      <Flex role="group" aria-label={props.name} gap="3" align="center" wrap="wrap">
        <Text size="2" weight="medium">
          {formatEuros(props.amountCents)}
        </Text>
        <Badge color={props.badge.color} variant="soft" highContrast>
          {props.badge.label}
        </Badge>
        {props.actions.map((action) => (
          <Button
            key={action.id}
            type="button"
            color="amber"
            variant="soft"
            highContrast
            loading={action.loading}
            disabled={props.busy}
            onClick={action.run}
          >
            {action.label}
          </Button>
        ))}
      </Flex>
    </li>
  );
}
