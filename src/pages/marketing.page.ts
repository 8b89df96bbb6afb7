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

export interface LegalView {
  title: string;
  description: string;
  document: unknown;
}

export function legalPage(document: LegalDocument): LegalView {
  return {
    title: t(`legal:${document}.title`),
    description: t(`legal:${document}.description`),
    document: tree(`legal:${document}`),
  };
}

/** A page of SPEC §2's route table still being written; `titleKey` names it in common:pages. */
export function underConstructionPage(titleKey: string): { title: string } {
  return { title: t(`common:pages.${titleKey}`) };
}
