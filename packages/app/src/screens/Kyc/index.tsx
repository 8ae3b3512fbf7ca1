import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { KYC_REASON_MAX_LENGTH, type KycDecision } from '@vault/domain';
import {
  ConsoleTable,
  type ConsoleTableColumn,
  DetailPanel,
  DetailPanelLayout,
  PageHeader,
  ReasonDialog,
  StatusBadge,
  SummaryDialog,
} from '@vault/ui';
import { useState } from 'react';
import { ActionDone, ActionError, listStateProps } from '../../components/ConsoleFeedback';
import { useConsoleAction } from '../../components/useConsoleAction';
import { type KycQueueRow, useKycQueue } from '../../data/kycCases/kycQueue';
import { useReviewKyc } from '../../data/kycCases/reviewKyc';
import { formatDateTime } from '../../display/dates';
import { ProfessionalReviews } from './ProfessionalReviews';

/** What the provider has said about the case: its message if it sent one, else that it is in review. */
const providerResult = (row: KycQueueRow) =>
  row.reason ?? (row.provider_applicant_id ? `In review (applicant ${row.provider_applicant_id})` : 'In review');

const submittedAt = (row: KycQueueRow) =>
  row.submitted_at ? <time dateTime={row.submitted_at}>{formatDateTime(row.submitted_at)}</time> : '—';

const decisionWords: Record<string, string> = {
  'kyc.approved': 'Approved',
  'kyc.rejected': 'Rejected',
  'kyc.resubmission_requested': 'Resubmission requested',
  'kyc.reopened': 'Reopened',
};

/** Who decided: the provider (its webhook) or a compliance officer. */
const byWords = (by: string | null | undefined) =>
  by === 'provider' ? 'by the provider' : by ? `by ${by.replaceAll('_', ' ')}` : '';

/** The case's earlier decisions, oldest first, before any new one. */
function EarlierDecisions({ row }: { row: KycQueueRow }) {
  return (
    <Flex direction="column" gap="2" role="region" aria-labelledby="earlier-decisions">
      <Heading as="h3" size="3" id="earlier-decisions">
        Earlier decisions
      </Heading>
      {row.decisions.length === 0 ? (
        <Text size="2" color="gray">
          None: this is the case's first review.
        </Text>
      ) : (
        <ol style={{ margin: 0, paddingInlineStart: 'var(--space-5)' }}>
          {row.decisions.map((d) => (
            <li key={`${d.at}-${d.action}`}>
              <Text size="2">
                <time dateTime={d.at}>{formatDateTime(d.at)}</time>: {decisionWords[d.action] ?? d.action}{' '}
                {byWords(d.by)}
                {d.reason ? `: ${d.reason}` : ''}
              </Text>
            </li>
          ))}
        </ol>
      )}
    </Flex>
  );
}

const columns: readonly ConsoleTableColumn<KycQueueRow>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, primary: true },
  { id: 'email', header: 'Email', cell: (row) => row.email },
  { id: 'submitted', header: 'Submitted at', cell: submittedAt },
  { id: 'result', header: 'Provider result', cell: providerResult },
];

/** The two decisions that need a reason, and how their dialog reads. */
const reasonDecisions = {
  rejected: {
    verb: 'Reject',
    title: (name: string) => `Reject KYC for ${name}`,
    description: 'The member is told the reason; their verification ends rejected.',
  },
  resubmission_requested: {
    verb: 'Request resubmission',
    title: (name: string) => `Request resubmission from ${name}`,
    description: 'The member is told the reason and may submit their documents again.',
  },
} as const;
type ReasonDecision = keyof typeof reasonDecisions;

/**
 * /kyc (compliance): the members whose KYC waits for a decision, oldest first, paged on the
 * server (`list_kyc_queue`), each with the provider's result and the case's earlier decisions.
 * Approve opens a summary; Reject or Request resubmission need a reason, typed in a dialog that
 * stays open with its text when the call fails; each calls `review_kyc`. Below the queue, the
 * professional status requests (ProfessionalReviews).
 */
export default function KycScreen() {
  const action = useConsoleAction<KycDecision>();
  const queue = useKycQueue(action.version);
  const review = useReviewKyc();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = queue.rows.find((row) => row.id === selectedId) ?? null;
  const busy = action.pending !== null;
  // Approve opens a summary; the decisions that need a reason open a reason dialog.
  const dialog: ReasonDecision | null = action.dialog === 'approved' ? null : action.dialog;

  async function decide(row: KycQueueRow, decision: KycDecision, reason: string | null) {
    const said = decision === 'approved' ? 'approved' : decision === 'rejected' ? 'rejected' : 'asked to resubmit';
    const decided = await action.run(decision, () => review(row.id, decision, reason), `${row.name}: KYC ${said}.`);
    if (decided) setSelectedId(null);
  }

  const detail = selected ? (
    <DetailPanel
      title={selected.name}
      subtitle={<StatusBadge status="pending" />}
      fields={[
        { label: 'Email', value: selected.email },
        { label: 'Submitted at', value: submittedAt(selected) },
        { label: 'Provider result', value: providerResult(selected) },
      ]}
      onClose={() => {
        setSelectedId(null);
        action.clearMessages();
      }}
      actions={
        <Flex gap="2" wrap="wrap">
          <Button disabled={busy} onClick={() => action.open('approved')}>
            Approve
          </Button>
          <Button color="red" variant="soft" disabled={busy} onClick={() => action.open('rejected')}>
            Reject
          </Button>
          <Button variant="soft" disabled={busy} onClick={() => action.open('resubmission_requested')}>
            Request resubmission
          </Button>
        </Flex>
      }
    >
      <EarlierDecisions row={selected} />
      <ActionError message={action.dialog === null ? action.error : null} />
    </DetailPanel>
  ) : undefined;

  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title="KYC reviews"
        description="Members whose identity verification waits for a compliance decision."
      />
      <ActionDone message={action.done} />
      <DetailPanelLayout
        list={
          <ConsoleTable
            caption="KYC reviews waiting"
            captionHidden
            columns={columns}
            rows={queue.rows}
            getRowId={(row) => row.id}
            selectedId={selectedId}
            onSelect={(row) => {
              setSelectedId(row.id);
              action.clearMessages();
            }}
            rowActionLabel={(row) => `Review ${row.name}`}
            empty="No reviews waiting"
            {...listStateProps(queue, 'The KYC queue could not be loaded')}
          />
        }
        detail={detail}
      />
      <ActionError message={queue.moreError && `More reviews could not be loaded: ${queue.moreError}`} />
      {selected && action.dialog === 'approved' ? (
        <SummaryDialog
          open
          pending={action.pending === 'approved'}
          error={action.error ?? undefined}
          onCancel={action.close}
          title={`Approve KYC for ${selected.name}`}
          description="The member's identity is verified: they may invest once their other steps are done."
          fields={[
            { label: 'Member', value: `${selected.name} (${selected.email})` },
            { label: 'Submitted at', value: submittedAt(selected) },
            { label: 'Provider result', value: providerResult(selected) },
            {
              label: 'Earlier decisions',
              value: selected.decisions.length
                ? selected.decisions.map((d) => decisionWords[d.action] ?? d.action).join(', ')
                : 'None',
            },
          ]}
          confirmLabel="Approve"
          onConfirm={() => decide(selected, 'approved', null)}
        />
      ) : null}
      {selected && dialog ? (
        <ReasonDialog
          {...action.dialogProps(dialog)}
          title={reasonDecisions[dialog].title(selected.name)}
          description={reasonDecisions[dialog].description}
          confirmLabel={reasonDecisions[dialog].verb}
          maxLength={KYC_REASON_MAX_LENGTH}
          onConfirm={(reason) => decide(selected, dialog, reason)}
        />
      ) : null}
      <ProfessionalReviews />
    </Flex>
  );
}
