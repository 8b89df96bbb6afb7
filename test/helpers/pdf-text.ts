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

/**
 * Each stream's bytes, cut by its dictionary's /Length (pdfkit writes it as a number). Cutting at the
 * first "endstream" instead would lose a compressed stream's last byte whenever that byte is a CR
 * (about one PDF in 400: its inflate then fails and the page reads as empty).
 */
function streams(raw: string): Buffer[] {
  const found: Buffer[] = [];
  const starts = /\/Length (\d+)[^>]*>>\s*stream\r?\n/g;
  for (let m = starts.exec(raw); m; m = starts.exec(raw)) {
    const begin = m.index + m[0].length;
    found.push(Buffer.from(raw.slice(begin, begin + Number(m[1])), 'latin1'));
    starts.lastIndex = begin + Number(m[1]);
  }
  return found;
}

export function pdfText(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const bytes of streams(pdf.toString('latin1'))) {
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
