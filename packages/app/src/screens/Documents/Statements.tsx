import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { type StatementRow, statementFileName, statementPdf, statementTitle } from '@vault/domain';
import { useState } from 'react';
import { toast } from 'sonner';
import { Section } from '../../components/Section';
import { TableData } from '../../components/TableData';
import { openStatement, useStatements } from '../../data/statements/statements';
import { formatDate } from '../../display/dates';
import { useSessionStore } from '../../session/context';
import { saveFile } from './download';

type Format = 'pdf' | 'csv';

/**
 * The member's statements as they fall due (docs/statements.md): each with Download PDF and
 * Download CSV. A download opens the statement on the server (recorded as statement.viewed) and
 * saves what it answered: the CSV as issued, the PDF written from the same content.
 */
export function StatementsSection() {
  const store = useSessionStore();
  const statements = useStatements();
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (row: StatementRow, format: Format) => {
    const title = statementTitle(row.kind, row.period_start);
    if (busy) return;
    setBusy(`${row.id}:${format}`);
    const answer = await openStatement(store, row.id);
    setBusy(null);
    if (!answer.ok) {
      if (!answer.superseded) toast.error(answer.error);
      return;
    }
    const { statement } = answer;
    const fileName = statementFileName(row.kind, row.period_start, format);
    if (format === 'pdf') saveFile(fileName, statementPdf(statement.content), 'application/pdf');
    else saveFile(fileName, statement.csv, 'text/csv;charset=utf-8');
    toast(`Download started: ${title} (${format.toUpperCase()})`);
  };

  return (
    <Section title="Statements">
      <TableData
        state={statements}
        what="statements"
        skeleton="cards"
        errorTitle="Failed to load statements"
        emptyTitle="No statements yet"
        emptyDescription="Your statement of assets arrives after each quarter, your costs and tax summaries after each year."
      >
        {(rows) => (
          <Flex asChild direction="column" gap="3">
            <ul aria-label="Statements" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {rows.map((row) => {
                const title = statementTitle(row.kind, row.period_start);
                return (
                  <li key={row.id}>
                    <Card size="2">
                      <Flex justify="between" align="center" gap="3" wrap="wrap">
                        <Flex direction="column" gap="1">
                          <Heading as="h3" size="3">
                            {title}
                          </Heading>
                          <Text size="2" color="gray">
                            {`${formatDate(row.period_start)} – ${formatDate(row.period_end)} · Issued ${formatDate(row.issued_at)}`}
                          </Text>
                        </Flex>
                        <Flex gap="2">
                          {(['pdf', 'csv'] as const).map((format) => {
                            const working = busy === `${row.id}:${format}`;
                            return (
                              <Button
                                key={format}
                                variant="soft"
                                aria-label={`Download ${format.toUpperCase()} of ${title}`}
                                aria-busy={working}
                                onClick={() => void download(row, format)}
                              >
                                {`Download ${format.toUpperCase()}`}
                              </Button>
                            );
                          })}
                        </Flex>
                      </Flex>
                    </Card>
                  </li>
                );
              })}
            </ul>
          </Flex>
        )}
      </TableData>
    </Section>
  );
}
