import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import {
  CONSOLE_NOTE_MAX_LENGTH,
  categoryLabels,
  type InvestorCategory,
  investorCategories,
  professionalCriteria,
  professionalCriteriaLabels,
} from '@vault/domain';
import {
  ConsoleTable,
  type ConsoleTableColumn,
  DetailPanel,
  DetailPanelLayout,
  ReasonDialog,
  StatusBadge,
  SummaryDialog,
} from '@vault/ui';
import { useState } from 'react';
import { ActionDone, ActionError, listStateProps } from '../../components/ConsoleFeedback';
import { useConsoleAction } from '../../components/useConsoleAction';
import { type ProfessionalReviewRow, useProfessionalReviews } from '../../data/professionalReviews/professionalReviews';
import {
  type ProfessionalDecision,
  useReviewProfessionalStatus,
} from '../../data/professionalReviews/reviewProfessionalStatus';
import { formatDateTime } from '../../display/dates';

const isCategory = (value: string): value is InvestorCategory =>
  (investorCategories as readonly string[]).includes(value);

/** A category as the classification screen names it; an unknown one as the server sent it. */
const categoryName = (category: string | null) =>
  category === null ? 'None: first declaration' : isCategory(category) ? categoryLabels[category].label : category;

const declaredAt = (row: ProfessionalReviewRow) => (
  <time dateTime={row.declared_at}>{formatDateTime(row.declared_at)}</time>
);

/** The MiFID II criteria the member declared true, in the classification screen's words. */
const criteriaMet = (row: ProfessionalReviewRow) => professionalCriteria.filter((key) => row.answers[key] === true);

function CriteriaDeclared({ row }: { row: ProfessionalReviewRow }) {
  const met = criteriaMet(row);
  return met.length === 0 ? (
    'None'
  ) : (
    <ul style={{ margin: 0, paddingInlineStart: 'var(--space-4)' }}>
      {met.map((key) => (
        <li key={key}>{professionalCriteriaLabels[key]}</li>
      ))}
    </ul>
  );
}

const columns: readonly ConsoleTableColumn<ProfessionalReviewRow>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, primary: true },
  { id: 'email', header: 'Email', cell: (row) => row.email },
  { id: 'country', header: 'Country', cell: (row) => row.country },
  { id: 'previous', header: 'Previous category', cell: (row) => categoryName(row.previous_category) },
  { id: 'declared', header: 'Declared at', cell: declaredAt },
  {
    id: 'criteria',
    header: 'Criteria met',
    cell: (row) => `${criteriaMet(row).length} of ${professionalCriteria.length}`,
  },
];

/**
 * The professional status requests on /kyc (`list_professional_reviews`): members who declared
 * themselves professional, oldest first, with what they declared. Approve opens a summary; Reject
 * needs a reason, typed in a dialog that keeps its text when the call fails; each calls
 * `review_professional_status`, and the list is read again after a decision.
 */
export function ProfessionalReviews() {
  const action = useConsoleAction<ProfessionalDecision>();
  const list = useProfessionalReviews(action.version);
  const review = useReviewProfessionalStatus();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = list.rows.find((row) => row.member_id === selectedId) ?? null;
  const busy = action.pending !== null;

  async function decide(row: ProfessionalReviewRow, decision: ProfessionalDecision, reason: string | null) {
    const said = decision === 'approved' ? 'approved' : 'rejected';
    const decided = await action.run(
      decision,
      () => review(row.member_id, decision, reason),
      `${row.name}: professional status ${said}.`,
    );
    if (decided) setSelectedId(null);
  }

  const detail = selected ? (
    <DetailPanel
      title={selected.name}
      subtitle={<StatusBadge status="pending" />}
      headingLevel={3}
      fields={[
        { label: 'Email', value: selected.email },
        { label: 'Country', value: selected.country },
        { label: 'Category declared', value: categoryName(selected.category) },
        { label: 'Previous category', value: categoryName(selected.previous_category) },
        { label: 'Declared at', value: declaredAt(selected) },
        { label: 'Criteria declared', value: <CriteriaDeclared row={selected} /> },
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
        </Flex>
      }
    />
  ) : undefined;

  return (
    <Flex direction="column" gap="3" asChild>
      <section aria-labelledby="professional-reviews">
        <Heading as="h2" size="5" id="professional-reviews">
          Professional status requests
        </Heading>
        <Text as="p" size="2" color="gray">
          Members who declared themselves professional investors. Until approved they are treated as retail.
        </Text>
        <ActionDone message={action.done} />
        <DetailPanelLayout
          list={
            <ConsoleTable
              caption="Professional status requests waiting"
              captionHidden
              columns={columns}
              rows={list.rows}
              getRowId={(row) => row.member_id}
              selectedId={selectedId}
              onSelect={(row) => {
                setSelectedId(row.member_id);
                action.clearMessages();
              }}
              rowActionLabel={(row) => `Review the professional status of ${row.name}`}
              empty="No professional status requests waiting"
              {...listStateProps(list, 'The professional status requests could not be loaded')}
            />
          }
          detail={detail}
        />
        {selected && action.dialog === 'approved' ? (
          <SummaryDialog
            open
            pending={action.pending === 'approved'}
            error={action.error ?? undefined}
            onCancel={action.close}
            title={`Approve the professional status of ${selected.name}`}
            description="The member is treated as a professional investor and loses the protections given to retail investors."
            fields={[
              { label: 'Member', value: `${selected.name} (${selected.email})` },
              { label: 'Country', value: selected.country },
              { label: 'Previous category', value: categoryName(selected.previous_category) },
              { label: 'Criteria declared', value: <CriteriaDeclared row={selected} /> },
            ]}
            confirmLabel="Approve"
            onConfirm={() => decide(selected, 'approved', null)}
          />
        ) : null}
        {selected && action.dialog === 'rejected' ? (
          <ReasonDialog
            {...action.dialogProps('rejected')}
            title={`Reject the professional status of ${selected.name}`}
            description="The member is told the reason and is still treated as a retail investor."
            confirmLabel="Reject"
            maxLength={CONSOLE_NOTE_MAX_LENGTH}
            onConfirm={(reason) => decide(selected, 'rejected', reason)}
          />
        ) : null}
        <ActionError message={action.dialog === null ? action.error : null} />
      </section>
    </Flex>
  );
}
