import { Flex } from '@radix-ui/themes';
import type { Loan } from '@vault/domain';
import { DataTable, type DataTableColumn, PageHeader, StatusChip } from '@vault/ui';
import type { Repayment } from '../../backend/schemas';
import { Section } from '../../components/Section';
import { TableData } from '../../components/TableData';
import { useLoans, useRepayments } from '../../data/loans/queries';
import { formatDate } from '../../display/dates';
import { StaffQueues } from './StaffQueues';

const loanColumns: readonly DataTableColumn<Loan>[] = [
  { key: 'id', header: 'Loan' },
  { key: 'borrower', header: 'Borrower' },
  { key: 'amount', header: 'Amount', align: 'right' },
  { key: 'status', header: 'Status', render: (row) => <StatusChip status={row.status} /> },
];

const repaymentColumns: readonly DataTableColumn<Repayment>[] = [
  { key: 'due', header: 'Due', render: (row) => <time dateTime={row.due}>{formatDate(row.due)}</time> },
  { key: 'borrower', header: 'Borrower' },
  { key: 'amount', header: 'Amount', align: 'right' },
];

/** cl_spv_admin: the loan portfolio and upcoming repayments (docs/product.md §2). */
export function ClSpvDashboard() {
  const loans = useLoans();
  const repayments = useRepayments();
  return (
    <Flex direction="column" gap="6">
      <PageHeader title="Commercial Lending SPV Admin" description="Loans of the commercial lending vehicle." />
      <StaffQueues />
      <Section title="Loan portfolio">
        <TableData state={loans} what="loans" emptyTitle="No loans yet">
          {(rows) => (
            <DataTable
              caption="Loan portfolio"
              captionHidden
              columns={loanColumns}
              rows={rows}
              getRowKey={(r) => r.id}
            />
          )}
        </TableData>
      </Section>
      <Section title="Upcoming repayments">
        <TableData state={repayments} what="upcoming repayments" emptyTitle="No repayments due">
          {(rows) => (
            <DataTable
              caption="Upcoming repayments"
              captionHidden
              columns={repaymentColumns}
              rows={rows}
              getRowKey={(r) => r.id}
            />
          )}
        </TableData>
      </Section>
    </Flex>
  );
}
