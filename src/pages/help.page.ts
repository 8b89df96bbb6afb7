import { t, tree } from '../config/i18n.js';

/**
 * views/pages/faq.ejs and views/pages/help.ejs: the questions and answers of the marketing pages (one
 * text in locales, shown in both places) plus those about messages and support, grouped, each with an
 * anchor so a link can point at one answer.
 */

interface QuestionText {
  question: string;
  answer: string;
}

interface FaqGroup {
  id: string;
  title: string;
  intro: string;
  items: (QuestionText & { id: string; href: string })[];
}

export interface FaqView {
  title: string;
  description: string;
  groups: FaqGroup[];
}

export interface HelpView {
  title: string;
  description: string;
  groups: FaqGroup[];
}

/** "Quanto costa usare SicurHub?" → "quanto-costa-usare-sicurhub": readable, stable anchors. */
function anchorOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

const GROUPS: readonly { id: string; itemsKey: string }[] = [
  { id: 'aziende', itemsKey: 'pages:howItWorks.faq.items' },
  { id: 'fornitori', itemsKey: 'pages:forProviders.faq.items' },
  { id: 'messaggi-e-assistenza', itemsKey: 'help:groups.support.items' },
];

const GROUP_TEXT: Readonly<Record<string, string>> = {
  aziende: 'clients',
  fornitori: 'providers',
  'messaggi-e-assistenza': 'support',
};

function faqGroups(): FaqGroup[] {
  return GROUPS.map((g) => {
    const textKey = `help:groups.${GROUP_TEXT[g.id]}`;
    return {
      id: g.id,
      title: t(`${textKey}.title`),
      intro: t(`${textKey}.intro`),
      items: tree<QuestionText[]>(g.itemsKey).map((item) => {
        const id = `${g.id}-${anchorOf(item.question)}`;
        return { ...item, id, href: `/faq#${id}` };
      }),
    };
  });
}

export function faqPage(): FaqView {
  return { title: t('help:faq.title'), description: t('help:faq.description'), groups: faqGroups() };
}

export function helpPage(): HelpView {
  return { title: t('help:help.title'), description: t('help:help.description'), groups: faqGroups() };
}
