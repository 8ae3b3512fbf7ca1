import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReportKind } from '@vault/domain';
import { downloadCsv, FilterBar, PageHeader } from '@vault/ui';
import { useState } from 'react';
import { reportsFor, useExportReport } from '../../data/reports/exportReport';
import { useSession } from '../../session/SessionProvider';
import { LedgerReports } from './Ledger';

const reportText: Record<ReportKind, { title: string; description: string }> = {
  investments: {
    title: 'Investments',
    description: 'Every investment submitted in the range: status, method, amounts in cents and in euros.',
  },
  kyc_decisions: {
    title: 'KYC decisions',
    description: 'Every KYC approval, rejection and resubmission request, with who decided and why.',
  },
  repayments: {
    title: 'Repayments',
    description: 'Every loan repayment paid in the range, in cents and in euros.',
  },
  audit_events: {
    title: 'Audit events',
    description: 'The audit trail in the range, with each event’s hash.',
  },
};

type ExportState =
  | { kind: ReportKind; state: 'running' }
  | { kind: ReportKind; state: 'done' | 'failed'; text: string };

/**
 * /reports (mfo_admin, cl_spv_admin, eq_spv_admin, compliance): the CSV exports the caller's role
 * may take over a date range, each built by the server (`export_report`). The list offered is the
 * domain's matrix; the server decides, and its refusal is shown as it says it. Under them, the
 * ledger's parts the caller may read (LedgerReports): the trial balance with Verify, the refused
 * payment events and the escrow of each offering.
 */
export default function ReportsScreen() {
  const { session } = useSession();
  const exportReport = useExportReport();
  const [range, setRange] = useState({ from: '', to: '' });
  const [status, setStatus] = useState<ExportState | null>(null);
  const kinds = session.user ? reportsFor({ role: session.user.role, isAdmin: session.isAdmin }) : [];

  async function run(kind: ReportKind) {
    setStatus({ kind, state: 'running' });
    const answer = await exportReport(kind, range);
    if (!answer.ok) {
      setStatus({ kind, state: 'failed', text: answer.error });
      return;
    }
    const span = `${range.from || 'start'}-to-${range.to || 'now'}`;
    const filename = `${kind.replaceAll('_', '-')}-${span}.csv`;
    downloadCsv(filename, answer.csv);
    const rows = Math.max(answer.csv.split('\r\n').filter((line) => line !== '').length - 1, 0);
    setStatus({ kind, state: 'done', text: `${filename} exported (${rows === 1 ? '1 row' : `${rows} rows`}).` });
  }

  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title="Reports"
        description="CSV exports over a date range: ISO dates, amounts in cents and in euros."
      />
      <FilterBar
        label="Report range"
        filters={[{ kind: 'dateRange', id: 'range', label: 'Date range', value: range, onChange: setRange }]}
        onClear={() => setRange({ from: '', to: '' })}
      />
      {kinds.length === 0 ? (
        <Text as="p" color="gray">
          Your role has no reports to export.
        </Text>
      ) : (
        <Flex direction="column" gap="3" asChild>
          <ul aria-label="Reports you may export" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {kinds.map((kind) => (
              <li key={kind}>
                <Card>
                  <Flex
                    gap="3"
                    align={{ initial: 'start', sm: 'center' }}
                    direction={{ initial: 'column', sm: 'row' }}
                    justify="between"
                  >
                    <Flex direction="column" gap="1">
                      <Heading as="h2" size="3">
                        {reportText[kind].title}
                      </Heading>
                      <Text size="2" color="gray">
                        {reportText[kind].description}
                      </Text>
                    </Flex>
                    <Button
                      variant="soft"
                      loading={status?.kind === kind && status.state === 'running'}
                      disabled={status?.state === 'running'}
                      onClick={() => run(kind)}
                      aria-label={`Export CSV: ${reportText[kind].title}`}
                    >
                      Export CSV
                    </Button>
                  </Flex>
                  {status?.kind === kind && status.state !== 'running' ? (
                    <Text
                      as="p"
                      mt="2"
                      size="2"
                      role={status.state === 'failed' ? 'alert' : 'status'}
                      color={status.state === 'failed' ? 'red' : 'teal'}
                    >
                      {status.state === 'failed' ? `The server refused the export: ${status.text}` : status.text}
                    </Text>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        </Flex>
      )}
      {session.user ? <LedgerReports reader={{ role: session.user.role, isAdmin: session.isAdmin }} /> : null}
    </Flex>
  );
}
