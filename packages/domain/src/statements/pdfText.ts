import { winAnsiToUnicode } from './pdf';

/**
 * The text of a PDF that pdfDocument wrote, as a reader shows it: each page's pieces on one
 * baseline joined by a space, top to bottom, pages one after the other. It reads only what this
 * writer writes (uncompressed streams, `x y Tm (…) Tj`): a check of our own output, not a
 * general PDF reader.
 */
export function pdfText(bytes: Uint8Array): string {
  let source = '';
  for (const byte of bytes) source += String.fromCharCode(byte);
  const pages: string[] = [];
  for (const stream of source.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    const rows = new Map<number, { x: number; text: string }[]>();
    const pieces = /1 0 0 1 (-?[\d.]+) (-?[\d.]+) Tm \(((?:\\[\s\S]|[^\\)])*)\) Tj/g;
    for (const piece of (stream[1] ?? '').matchAll(pieces)) {
      const y = Number(piece[2]);
      rows.set(y, [...(rows.get(y) ?? []), { x: Number(piece[1]), text: decode(piece[3] ?? '') }]);
    }
    pages.push(
      [...rows.entries()]
        .sort(([a], [b]) => b - a)
        .map(([, row]) =>
          row
            .sort((a, b) => a.x - b.x)
            .map((p) => p.text)
            .join(' '),
        )
        .join('\n'),
    );
  }
  return pages.join('\n');
}

function decode(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    let code = body.charCodeAt(i);
    if (code === 0x5c) {
      const next = body.slice(i + 1, i + 4);
      const octal = /^[0-7]{1,3}/.exec(next)?.[0];
      if (octal) {
        code = Number.parseInt(octal, 8);
        i += octal.length;
      } else {
        i += 1;
        code = body.charCodeAt(i);
      }
    }
    out += winAnsiToUnicode.get(code) ?? String.fromCharCode(code);
  }
  return out;
}
