import { page, type PageCase } from './page-case.js';

/** The pages of an organisation's members, sites and approvals, as its administrator sees them. */
export const ORGANISATION_PAGE_CASES: PageCase[] = [
  page('account members', 'client', 'account/members', '/account/membri'),
  page('account organisations', 'client', 'account/organisations', '/account/organizzazioni'),
  page('account verification (Verifica)', 'provider', 'account/verification', '/account/verifica'),
  page('invitation link unknown', 'visitor', 'invitations/show', '/inviti/nonvalido'),
  page('client approvals (Da approvare)', 'client', 'approvals/index', '/approvazioni'),
  page('client approval rule', 'client', 'approvals/rule', '/approvazioni/regola'),
  page('sites (Sedi)', 'client', 'sites/index', '/sedi'),
  page('a new site', 'client', 'sites/form', '/sedi/nuova'),
];
