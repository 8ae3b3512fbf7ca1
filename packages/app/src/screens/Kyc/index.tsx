import { Button, Flex } from '@radix-ui/themes';
import { KYC_REASON_MAX_LENGTH, type KycDecision } from '@vault/domain';
import {
  ConsoleTable,
  type ConsoleTableColumn,
  DetailPanel,
  DetailPanelLayout,
  PageHeader,
  ReasonDialog,
  StatusBadge,
} from '@vault/ui';
import { useState } from 'react';
import { ActionDone, ActionError, listStateProps } from '../../components/ConsoleFeedback';
import { useConsoleAction } from '../../components/useConsoleAction';
import { type KycQueueRow, useKycQueue } from '../../data/kycCases/kycQueue';
import { useReviewKyc } from '../../data/kycCases/reviewKyc';
import { formatDateTime } from '../../display/dates';

/** What the provider has said about the case: its message if it sent one, else that it is in review. */
const providerResult = (row: KycQueueRow) =>
  row.reason ?? (row.provider_applicant_id ? `In review (applicant ${row.provider_applicant_id})` : 'In review');

const submittedAt = (row: KycQueueRow) =>
  row.submitted_at ? <time dateTime={row.submitted_at}>{formatDateTime(row.submitted_at)}</time> : '—';

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
 * server (`list_kyc_queue`). Approve, Reject or Request resubmission call `review_kyc`; the last
 * two need a reason, typed in a dialog that stays open with its text when the call fails.
 */
export default function KycScreen() {
  const action = useConsoleAction<KycDecision>();
  const queue = useKycQueue(action.version);
  const review = useReviewKyc();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = queue.rows.find((row) => row.id === selectedId) ?? null;
  const busy = action.pending !== null;
  // Approve has no dialog: only the decisions that need a reason open one.
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
          <Button
            loading={action.pending === 'approved'}
            disabled={busy}
            onClick={() => decide(selected, 'approved', null)}
          >
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
      <ActionError message={dialog === null ? action.error : null} />
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
    </Flex>
  );
}
