import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import {
  ITEM_WORDS,
  itemPath,
  OWN_REPORTS_PATH,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  type ItemRef,
} from '../lib/reports.js';
import type { ReportedItem, ReportRefusal } from '../services/reports.service.js';
import type { FormErrors } from '../validators/validate.js';

/** views/reports/new.ejs: what is being reported, and the form (or why it cannot be reported). */
export interface ReportFormView {
  title: string;
  noindex: true;
  heading: string;
  item: { kind: string; label: string | null; text: string | null; by: string | null; date: string; href: string };
  /** "Non puoi segnalare un tuo contenuto", "Hai già segnalato…": no form. */
  refusal: string | null;
  form: {
    tipo: string;
    id: string;
    reasons: { value: string; label: string; checked: boolean }[];
    note: string;
    noteMax: number;
    errors: FormErrors;
  } | null;
}

const TEXT_SHOWN = 400;

const excerpt = (text: string | null): string | null =>
  text === null ? null : text.length > TEXT_SHOWN ? `${text.slice(0, TEXT_SHOWN - 1)}…` : text;

/** The item as the person reporting it sees it: what it is, its words, who wrote it. */
export function reportedItemView(item: ReportedItem): ReportFormView['item'] {
  return {
    kind: t(`reports:itemNames.${item.type}`),
    label: item.type === 'review' ? item.context : item.type === 'message' ? null : item.title,
    text: excerpt(item.type === 'review' ? [item.title, item.text].filter(Boolean).join(' — ') || null : item.text),
    by: item.ownerName,
    date: format.date(item.createdAt),
    href: itemPath(item),
  };
}

export function reportFormPage(
  ref: ItemRef,
  item: ReportedItem,
  refusal: ReportRefusal | null,
  failed: { values: Record<string, unknown>; errors: FormErrors } | null = null,
): ReportFormView {
  const heading = t(`reports:form.title.${ref.type}`);
  const chosen = typeof failed?.values.reason === 'string' ? failed.values.reason : '';
  return {
    title: heading,
    noindex: true,
    heading,
    item: reportedItemView(item),
    refusal: refusal ? t(`reports:refusals.${refusal}`) : null,
    form: refusal
      ? null
      : {
          tipo: ITEM_WORDS[ref.type],
          id: ref.id,
          reasons: REPORT_REASONS.map((value) => ({
            value,
            label: t(`reports:reasons.${value}`),
            checked: value === chosen,
          })),
          note: typeof failed?.values.note === 'string' ? failed.values.note : '',
          noteMax: REPORT_NOTE_MAX,
          errors: failed?.errors ?? {},
        },
  };
}

/** views/reports/sent.ejs: the report is in; the way back to the item. */
export function reportSentPage(item: ReportedItem | null) {
  return {
    title: t('reports:sent.title'),
    noindex: true as const,
    backHref: item ? itemPath(item) : '/dashboard',
    backLabel: t(item ? 'reports:sent.back' : 'reports:sent.home'),
    ownReportsHref: OWN_REPORTS_PATH,
  };
}
