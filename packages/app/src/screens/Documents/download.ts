import type { VaultDocument } from '@vault/domain';

/** The text of a sample document's download: what it is, its status, and that it is a sample. */
export function documentText(doc: VaultDocument, status: VaultDocument['status']): string {
  return [
    doc.name,
    '',
    `Status: ${status}`,
    doc.type ? `Type: ${doc.type}` : null,
    doc.date ? `Date: ${doc.date}` : null,
    '',
    'This is a sample document of the Vault demo platform.',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

/** A file name from the document's name: 'Q4 2024 Portfolio Statement' gives 'q4-2024-portfolio-statement.txt'. */
export function documentFileName(doc: VaultDocument): string {
  const slug = doc.name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'document'}.txt`;
}

/** Saves a text file through a temporary link; the browser's own download handling takes over. */
export function saveTextFile(fileName: string, text: string): void {
  saveFile(fileName, text, 'text/plain;charset=utf-8');
}

/** Saves bytes or text as a file of this type, through a temporary link. */
export function saveFile(fileName: string, data: string | Uint8Array<ArrayBuffer>, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has handed the file to the browser by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
