import { t, tree } from '../config/i18n.js';

/**
 * The marketing and information pages (views/pages/*.ejs): how it works, for providers, the legal texts,
 * and the pages still to be written. Their text lives in locales/it/pages.json and legal.json.
 */

export type LegalDocument = 'terms' | 'privacy' | 'cookies';

export interface InfoPageView {
  title: string;
  description: string;
  content: unknown;
  figures: unknown;
}

export function howItWorksPage(): InfoPageView {
  return {
    title: t('pages:howItWorks.title'),
    description: t('pages:howItWorks.description'),
    content: tree('pages:howItWorks'),
    figures: tree('pages:figures'),
  };
}

export function forProvidersPage(): InfoPageView {
  return {
    title: t('pages:forProviders.title'),
    description: t('pages:forProviders.description'),
    content: tree('pages:forProviders'),
    figures: tree('pages:figures'),
  };
}

/** A run of a legal text: plain, or an address in it, which becomes a link (mailto: or https://www.…). */
export interface TextPiece {
  text: string;
  href?: string;
}

export type LegalBlock =
  | { paragraph: TextPiece[] }
  | { list: TextPiece[][] }
  | { table: { caption: string; head: string[]; rows: string[][] } };

export interface LegalDocumentView {
  title: string;
  description: string;
  lastUpdated: string;
  lastUpdatedDate: string;
  intro: TextPiece[][];
  sections: { id: string; heading: string; body: LegalBlock[] }[];
}

export interface LegalView {
  title: string;
  description: string;
  document: LegalDocumentView;
}

/** The legal texts as locales/it/legal.json holds them. */
type LegalSource = Omit<LegalDocumentView, 'intro' | 'sections'> & {
  intro: string[];
  sections: {
    id: string;
    heading: string;
    body: (string | { list: string[] } | { table: { caption: string; head: string[]; rows: string[][] } })[];
  }[];
};

// Email addresses and www. addresses in the texts become links.
const LINKABLE = /([\w.+-]+@[\w-]+\.[a-z]{2,}|www\.[\w-]+\.[a-z]{2,})/gi;

function pieces(text: string): TextPiece[] {
  return text
    .split(LINKABLE)
    .map((part, i) =>
      i % 2 === 0 ? { text: part } : { text: part, href: part.includes('@') ? `mailto:${part}` : `https://${part}` },
    );
}

function legalDocument(source: LegalSource): LegalDocumentView {
  return {
    ...source,
    intro: source.intro.map(pieces),
    sections: source.sections.map((section) => ({
      ...section,
      body: section.body.map((block): LegalBlock => {
        if (typeof block === 'string') return { paragraph: pieces(block) };
        if ('list' in block) return { list: block.list.map(pieces) };
        return block;
      }),
    })),
  };
}

/** Each legal text, read and cut into pieces once: it does not change while the process runs. */
const legalDocuments = new Map<LegalDocument, LegalDocumentView>();

export function legalPage(document: LegalDocument): LegalView {
  let view = legalDocuments.get(document);
  if (!view) {
    view = legalDocument(tree<LegalSource>(`legal:${document}`));
    legalDocuments.set(document, view);
  }
  return {
    title: t(`legal:${document}.title`),
    description: t(`legal:${document}.description`),
    document: view,
  };
}

/** A page of docs/product.md §2's route table still being written; `titleKey` names it in common:pages. */
export function underConstructionPage(titleKey: string): { title: string } {
  return { title: t(`common:pages.${titleKey}`) };
}
