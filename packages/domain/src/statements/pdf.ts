/**
 * A small PDF writer: pages of positioned text lines in the standard Type 1 fonts Helvetica and
 * Helvetica-Bold (every reader has them, so nothing is embedded), WinAnsi encoding, content
 * streams uncompressed, no dates and no random id. The same pages give the same bytes.
 */

export type PdfFont = 'regular' | 'bold';

export interface PdfText {
  readonly x: number;
  readonly y: number;
  readonly text: string;
  readonly size: number;
  readonly font?: PdfFont;
}

export interface PdfPage {
  readonly texts: readonly PdfText[];
}

/** A4 in points. */
export const PDF_PAGE_WIDTH = 595;
export const PDF_PAGE_HEIGHT = 842;

/** The characters of WinAnsi (Windows-1252) above 0x7F that are not Latin-1's, by their byte. */
const winAnsiHigh: Record<number, number> = {
  8364: 0x80,
  8218: 0x82,
  402: 0x83,
  8222: 0x84,
  8230: 0x85,
  8224: 0x86,
  8225: 0x87,
  710: 0x88,
  8240: 0x89,
  352: 0x8a,
  8249: 0x8b,
  338: 0x8c,
  381: 0x8e,
  8216: 0x91,
  8217: 0x92,
  8220: 0x93,
  8221: 0x94,
  8226: 0x95,
  8211: 0x96,
  8212: 0x97,
  732: 0x98,
  8482: 0x99,
  353: 0x9a,
  8250: 0x9b,
  339: 0x9c,
  382: 0x9e,
  376: 0x9f,
};
/** The byte back to its character, for reading (pdfText). */
export const winAnsiToUnicode: ReadonlyMap<number, string> = new Map(
  Object.entries(winAnsiHigh).map(([code, byte]) => [byte, String.fromCodePoint(Number(code))]),
);

/** A character's WinAnsi byte; '?' for one the standard fonts cannot show. */
function winAnsiByte(char: string): number {
  const code = char.codePointAt(0) ?? 0x3f;
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code;
  return winAnsiHigh[code] ?? 0x3f;
}

/** A PDF literal string's body: WinAnsi bytes as characters, with ( ) \ escaped. */
function literal(text: string): string {
  let out = '';
  for (const char of text) {
    const byte = winAnsiByte(char);
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else out += String.fromCharCode(byte);
  }
  return out;
}

/** Helvetica's advance widths (per 1000 em) of the characters a number is written with. */
const numberWidths: Record<string, number> = { '.': 278, ',': 278, '-': 333, '%': 889, ' ': 278 };

/** The width in points of `text` in Helvetica at `size`: exact for numbers, an upper estimate otherwise. */
export function textWidth(text: string, size: number): number {
  let units = 0;
  for (const char of text) units += char >= '0' && char <= '9' ? 556 : (numberWidths[char] ?? 611);
  return (units * size) / 1000;
}

const num = (n: number) => {
  const fixed = n.toFixed(2);
  return fixed.replace(/\.?0+$/, '') || '0';
};

function contentStream(page: PdfPage): string {
  return page.texts
    .map(
      (t) =>
        `BT /${t.font === 'bold' ? 'F2' : 'F1'} ${num(t.size)} Tf 1 0 0 1 ${num(t.x)} ${num(t.y)} Tm (${literal(t.text)}) Tj ET`,
    )
    .join('\n');
}

/** The document's bytes: catalog, page tree, the two fonts, each page and its content, the cross-reference table. */
export function pdfDocument(pages: readonly PdfPage[], title: string): Uint8Array<ArrayBuffer> {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title (${literal(title)}) /Producer (Vault) >>`;
  pages.forEach((page, i) => {
    const id = 6 + i * 2;
    const stream = contentStream(page);
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PDF_PAGE_WIDTH} ${PDF_PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });

  // Every character is one byte (literal() keeps to WinAnsi), so string offsets are byte offsets.
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;

  const bytes = new Uint8Array(new ArrayBuffer(out.length));
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i) & 0xff;
  return bytes;
}
