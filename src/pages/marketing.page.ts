import { t, tree } from '../config/i18n.js';
import type { Operator } from '../config/operator.js';
import type { PublicFigures, PublicReview } from '../services/public-figures.service.js';
import type { RetentionFact } from '../services/account-erasure.service.js';
import { retentionSection, type RetentionRow } from './retention.page.js';
import { figureViews, testimonialViews, type FigureView, type TestimonialView } from './public-figures.page.js';

/**
 * The marketing and information pages (views/pages/*.ejs): how it works, for providers, the legal texts,
 * and the pages still to be written. Their text lives in locales/it/pages.json and legal.json.
 */

export type LegalDocument = 'terms' | 'privacy' | 'cookies';

export interface InfoPageView {
  title: string;
  description: string;
  content: unknown;
  /** The platform's figures that reach their floor; empty: none is shown. */
  figures: FigureView[];
  /** Real reviews; empty: the section is left out. */
  testimonials: TestimonialView[];
}

interface MarketingData {
  figures: PublicFigures;
  testimonials: readonly PublicReview[];
}

function infoPage(key: 'howItWorks' | 'forProviders', data: MarketingData): InfoPageView {
  return {
    title: t(`pages:${key}.title`),
    description: t(`pages:${key}.description`),
    content: tree(`pages:${key}`),
    figures: figureViews(data.figures),
    testimonials: testimonialViews(data.testimonials),
  };
}

export const howItWorksPage = (data: MarketingData): InfoPageView => infoPage('howItWorks', data);
export const forProvidersPage = (data: MarketingData): InfoPageView => infoPage('forProviders', data);

export interface AboutView {
  title: string;
  description: string;
  content: unknown;
  figures: FigureView[];
  /** The company behind the site, as the configuration gives it. */
  operator: Operator;
}

/** /about: who runs SicurHub (the configured company), what it does, and the figures the data supports. */
export function aboutPage(operator: Operator, figures: PublicFigures): AboutView {
  return {
    title: t('pages:about.title'),
    description: t('pages:about.description'),
    content: tree('pages:about'),
    figures: figureViews(figures),
    operator,
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
  | { table: { caption: string; head: string[]; rows: string[][] } }
  | { retention: { caption: string; head: string[]; rows: RetentionRow[] } };

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

/** The texts name the company behind the site by placeholders ({{operatorName}}...), filled from the configuration. */
function withOperator(text: string, operator: Operator): string {
  const values: Record<string, string> = {
    operatorName: operator.name,
    operatorVatNumber: operator.vatNumber,
    operatorAddress: operator.address,
    operatorPec: operator.pec,
    operatorRea: operator.rea,
  };
  return text.replace(/\{\{(operator\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

function legalDocument(source: LegalSource, operator: Operator): LegalDocumentView {
  const cut = (text: string): TextPiece[] => pieces(withOperator(text, operator));
  return {
    ...source,
    intro: source.intro.map(cut),
    sections: source.sections.map((section) => ({
      ...section,
      body: section.body.map((block): LegalBlock => {
        if (typeof block === 'string') return { paragraph: cut(block) };
        if ('list' in block) return { list: block.list.map(cut) };
        return block;
      }),
    })),
  };
}

/** Each legal text, read and cut into pieces once per operator: neither changes while the process runs. */
const legalDocuments = new WeakMap<Operator, Map<LegalDocument, LegalDocumentView>>();

export function legalPage(document: LegalDocument, operator: Operator, retention: readonly RetentionFact[]): LegalView {
  const known = legalDocuments.get(operator) ?? new Map<LegalDocument, LegalDocumentView>();
  legalDocuments.set(operator, known);
  let view = known.get(document);
  if (!view) {
    view = legalDocument(tree<LegalSource>(`legal:${document}`), operator);
    // The privacy page says what erasing an account keeps, from the declaration the erasure follows.
    if (document === 'privacy') {
      const after = view.sections.findIndex((section) => section.id === 'conservazione') + 1;
      view.sections.splice(after, 0, retentionSection(retention));
    }
    known.set(document, view);
  }
  return {
    title: t(`legal:${document}.title`),
    description: t(`legal:${document}.description`),
    document: view,
  };
}
