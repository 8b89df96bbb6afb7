import { inflateSync } from 'node:zlib';

/**
 * The text drawn on a pdfkit PDF's pages, one string per text-showing operator: its content streams are
 * inflated and the hex strings of each TJ array (WinAnsi, as pdfkit writes the built-in fonts) decoded
 * and joined. Enough to assert what a person reads on the page without a PDF library.
 */
// WinAnsi's printable characters between 0x80 and 0x9F that Latin-1 lacks (dashes, quotes, euro).
const WIN_ANSI: Readonly<Record<number, string>> = {
  0x80: '€',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x96: '–',
  0x97: '—',
};

const decode = (bytes: Buffer): string => [...bytes].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join('');

export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const bytes = Buffer.from(m[1]!, 'latin1');
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    const shows = /\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g;
    for (let s = shows.exec(content); s; s = shows.exec(content)) {
      const hex = [...s[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      lines.push(decode(Buffer.from(hex, 'hex')).trim());
    }
  }
  return lines;
}
