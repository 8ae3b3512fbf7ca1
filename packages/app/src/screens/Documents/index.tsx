import { Button, Callout, Flex, Grid, Text } from '@radix-ui/themes';
import { decideAccess, hrefFor, messages, type Nudge, nudgeFor, type VaultDocument } from '@vault/domain';
import { NudgeBanner, PageHeader } from '@vault/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Section } from '../../components/Section';
import { TableData } from '../../components/TableData';
import { useDocuments } from '../../data/documents/queries';
import { useSignDocument } from '../../data/documents/signDocument';
import { useSession } from '../../session/SessionProvider';
import { useNudgeDismissal } from '../../storage/nudges';
import { track } from '../../telemetry';
import { DocumentCard } from './DocumentCard';
import { documentFileName, documentText, saveTextFile } from './download';
import { StatementsSection } from './Statements';

function keyOf(doc: VaultDocument): string {
  return doc.id ?? doc.name;
}

/** /documents (docs/product.md §2): pending-signature banner, e-signature notice, the grid, and its states. */
export default function DocumentsScreen() {
  const { session } = useSession();
  const navigate = useNavigate();
  const documents = useDocuments();
  const { dismissed, dismiss } = useNudgeDismissal('documents');
  const signDocument = useSignDocument();
  // Documents the server has just signed, shown as such until the documents are read again.
  const [signed, setSigned] = useState<ReadonlySet<string>>(() => new Set());
  const [signing, setSigning] = useState(false);
  const [signError, setSignError] = useState<string | null>(null);

  const statusOf = (doc: VaultDocument): VaultDocument['status'] => (signed.has(keyOf(doc)) ? 'Signed' : doc.status);
  const pending = documents.status === 'ready' ? documents.rows.filter((doc) => statusOf(doc) === 'Pending') : [];
  const nudge = dismissed ? null : nudgeFor(session.user);
  const canExplore = decideAccess(session, hrefFor('opportunities')).kind !== 'denied';

  const followNudge = (next: Nudge) => {
    track({ type: 'click:cta', context: { step: next.step, page: 'documents' } });
    navigate(next.target);
  };

  const reviewAndSign = async () => {
    const [first] = pending;
    if (!first?.id || signing) return;
    setSigning(true);
    setSignError(null);
    const result = await signDocument(first.id);
    setSigning(false);
    if (!result.ok) {
      if (result.superseded) return;
      setSignError(result.error);
      toast.error(result.error);
      return;
    }
    setSigned((before) => new Set(before).add(keyOf(first)));
    toast.success(`${first.name} signed`, { description: messages.auditTrail });
  };

  const download = (doc: VaultDocument) => {
    saveTextFile(documentFileName(doc), documentText(doc, statusOf(doc)));
    toast(`Download started: ${doc.name}`);
  };

  return (
    <Flex direction="column" gap="5">
      <PageHeader title="Documents" description="Agreements, statements and certificates of your membership." />
      <NudgeBanner nudge={nudge} onAction={followNudge} onDismiss={dismiss} />

      <Text as="p" size="2" color="gray">
        {messages.auditTrail}
      </Text>

      <Section title="All documents">
        <TableData
          state={documents}
          what="documents"
          skeleton="cards"
          errorTitle={messages.documentsFailed}
          emptyTitle={messages.noDocuments}
          emptyDescription="Documents appear here once you invest or sign an agreement."
          emptyAction={
            canExplore
              ? { label: 'Explore Opportunities', onClick: () => navigate(hrefFor('opportunities')) }
              : undefined
          }
        >
          {(rows) => (
            // The pending-signature banner comes with the documents, in the place of their loading
            // state, so its arrival does not push the page down (no layout shift).
            <Flex direction="column" gap="4">
              {pending.length > 0 ? (
                <Callout.Root color="amber" highContrast>
                  <Flex align="center" justify="between" gap="3" wrap="wrap" width="100%">
                    <Callout.Text>
                      {pending.length === 1
                        ? `${pending[0]?.name ?? 'A document'} is waiting for your signature.`
                        : `${pending.length} documents are waiting for your signature.`}
                    </Callout.Text>
                    <Button
                      onClick={reviewAndSign}
                      aria-disabled={signing}
                      data-disabled={signing ? '' : undefined}
                      aria-busy={signing}
                    >
                      {signing ? 'Signing…' : 'Review & Sign'}
                    </Button>
                  </Flex>
                </Callout.Root>
              ) : null}
              {signError ? (
                <Callout.Root color="red" highContrast role="alert">
                  <Callout.Text>{signError}</Callout.Text>
                </Callout.Root>
              ) : null}
              <Grid asChild columns={{ initial: '1', sm: '2', lg: '3' }} gap="4">
                <ul aria-label="Documents" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {rows.map((doc) => (
                    <li key={keyOf(doc)}>
                      <DocumentCard doc={doc} status={statusOf(doc)} onDownload={download} />
                    </li>
                  ))}
                </ul>
              </Grid>
            </Flex>
          )}
        </TableData>
      </Section>

      <StatementsSection />
    </Flex>
  );
}
