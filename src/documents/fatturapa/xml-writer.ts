/**
 * A small XML writer: a tree of elements written out with every text and attribute value escaped, so no
 * value given by a person can change the document's structure. Characters XML 1.0 does not allow are
 * refused (the callers clean their text first: latin.ts).
 */

export interface XmlElement {
  name: string;
  attributes?: Readonly<Record<string, string>>;
  children: readonly XmlNode[];
}
export type XmlNode = XmlElement | string;

const NAME = /^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?$/;
// Tab, line feed, carriage return and the ranges XML 1.0 allows (surrogate pairs arrive as one code point).
const NOT_XML_CHAR = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

/** An element with text or child elements; `undefined` and `null` children are left out. */
export function el(name: string, ...children: (XmlNode | null | undefined | false)[]): XmlElement {
  return { name, children: children.filter((c): c is XmlNode => c !== null && c !== undefined && c !== false) };
}

/** An element only when its value is given. */
export function optional(name: string, value: string | null | undefined): XmlElement | null {
  return value === null || value === undefined || value === '' ? null : el(name, value);
}

export function withAttributes(element: XmlElement, attributes: Record<string, string>): XmlElement {
  return { ...element, attributes: { ...element.attributes, ...attributes } };
}

function checked(text: string): string {
  if (NOT_XML_CHAR.test(text)) throw new Error('a character XML does not allow');
  return text;
}

export function escapeText(text: string): string {
  return checked(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttribute(text: string): string {
  return escapeText(text)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

function write(node: XmlNode, depth: number, out: string[]): void {
  if (typeof node === 'string') {
    out.push(escapeText(node));
    return;
  }
  if (!NAME.test(node.name)) throw new Error(`invalid element name ${node.name}`);
  const indent = '  '.repeat(depth);
  const attributes = Object.entries(node.attributes ?? {})
    .map(([k, v]) => {
      if (!NAME.test(k)) throw new Error(`invalid attribute name ${k}`);
      return ` ${k}="${escapeAttribute(v)}"`;
    })
    .join('');
  if (node.children.length === 0) {
    out.push(`${indent}<${node.name}${attributes}/>\n`);
  } else if (node.children.every((c) => typeof c === 'string')) {
    out.push(`${indent}<${node.name}${attributes}>`);
    for (const c of node.children) write(c, depth + 1, out);
    out.push(`</${node.name}>\n`);
  } else {
    out.push(`${indent}<${node.name}${attributes}>\n`);
    for (const c of node.children) {
      if (typeof c === 'string') throw new Error(`mixed content in ${node.name}`);
      write(c, depth + 1, out);
    }
    out.push(`${indent}</${node.name}>\n`);
  }
}

/** The document: the XML declaration (UTF-8) and the root element. */
export function xmlDocument(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  write(root, 0, out);
  return out.join('');
}
