import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { VaultDocument } from '@vault/domain';
import { StatusChip } from '@vault/ui';
import { formatDate } from '../../display/dates';

export interface DocumentCardProps {
  doc: VaultDocument;
  /** The status to show: the row's, or 'Signed' once the server has signed it in this view. */
  status: VaultDocument['status'];
  onDownload: (doc: VaultDocument) => void;
}

/** One document of the grid: name, type and date, status chip and Download. */
export function DocumentCard({ doc, status, onDownload }: DocumentCardProps) {
  return (
    <Card size="2" style={{ height: '100%' }}>
      <Flex direction="column" gap="3" height="100%">
        <Flex justify="between" align="start" gap="3">
          <Heading as="h3" size="3">
            {doc.name}
          </Heading>
          <StatusChip status={status} />
        </Flex>
        <Text as="p" size="2" color="gray">
          {[doc.type, doc.date ? formatDate(doc.date) : null].filter(Boolean).join(' · ')}
        </Text>
        <Flex mt="auto">
          <Button variant="soft" onClick={() => onDownload(doc)} aria-label={`Download ${doc.name}`}>
            Download
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
