import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import type { SearchResponse } from '../../src/lib/search.shared.js';
import { browser, html, request, type Page } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { formBody } from '../helpers/form.js';
import { completeProviderProfile, createUserWithPassword } from '../factories/index.js';

/** Shared by the service catalogue tests: accounts, the form as a browser posts it, and what search shows. */

export interface SignedIn {
  agent: Agent;
  id: string;
}

/** A provider signed in through the login form (its profile row is made at that first login). */
export async function signInProvider({ complete = true } = {}): Promise<SignedIn> {
  const user = await createUserWithPassword({ userType: 'provider', companyName: 'Studio Colombo Sicurezza' });
  const agent = await loginAs(browser(), user.email, user.password);
  if (complete) await completeProviderProfile(user.id);
  return { agent, id: user.id };
}

export async function signInClient(): Promise<SignedIn> {
  const user = await createUserWithPassword({ userType: 'client' });
  return { agent: await loginAs(browser(), user.email, user.password), id: user.id };
}

/** A complete creation payload (docs/product.md §3) plus what the detail page shows. */
export function servicePayload(change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    form_key: randomUUID(),
    title: 'Corso antincendio rischio medio',
    description: 'Formazione per addetti antincendio secondo il DM 2 settembre 2021.',
    detailed_description: 'Parte teorica sui principi della combustione.\n\nEsercitazione pratica con estintori.',
    category: 'training_education',
    subcategory: 'Corso addetti antincendio',
    service_type: 'instant',
    availability: 'within_week',
    base_price: '180,50',
    pricing_unit: 'per_participant',
    additional_costs: [{ name: 'Materiale didattico', type: 'fixed', amount: '15' }],
    discounts: [{ name: 'Sconto gruppi', type: 'percentage', value: '10' }],
    location: { address: 'Via Tasso 8', city: 'Bergamo (BG)', postal_code: '24121' },
    service_areas: 'Bergamo, Treviglio, Lombardia',
    location_type: 'provider_location',
    duration_hours: '8',
    max_participants: '12',
    deliverables: 'Attestato di frequenza\nDispense del corso',
    requirements: [{ name: 'Abbigliamento comodo', mandatory: '1', description: 'Scarpe chiuse per la prova pratica' }],
    certifications_provided: ['Formatore Qualificato'],
    certifications_other: 'Attestato DM 2/9/2021',
    languages: ['Italiano', 'Inglese'],
    tags: ' antincendio , rischio medio,, estintori ',
    ...change,
  };
}

/** Posts the form as the browser does: urlencoded with the fields' bracket names, the form's CSRF token among them. */
export async function postForm(agent: Agent, formPath: string, body: Record<string, unknown>) {
  const $ = html((await agent.get(formPath).expect(200)).text);
  const form = $('form.service-form');
  const token = String(form.find('input[name="_csrf"]').val());
  return agent
    .post(form.attr('action')!)
    .type('form')
    .send(formBody({ _csrf: token, ...body }));
}

export async function createViaForm(agent: Agent, change: Record<string, unknown> = {}): Promise<string> {
  const res = await postForm(agent, '/services/create', servicePayload(change));
  expect(res.status, res.text.slice(0, 400)).to.equal(303);
  const id = /^\/services\/([0-9a-f-]{36})$/.exec(res.headers.location ?? '')?.[1];
  expect(id, res.headers.location).to.be.a('string');
  return id!;
}

/** A token any form of the agent's session accepts (the dashboard's logout form carries one). */
export async function tokenOf(agent: Agent): Promise<string> {
  const $: Page = html((await agent.get('/dashboard').expect(200)).text);
  return String($('input[name="_csrf"]').first().val());
}

/** The services a search finds: none when it found nothing and shows a relaxed search's results instead. */
export async function searchIds(query: string): Promise<string[]> {
  const body = (await request().get(`/api/search?${query}`).expect(200)).body as SearchResponse;
  return body.relaxedLabel ? [] : body.cards.map((c) => c.id);
}

/** The counters' visible services of a category, all its filter bands added up. */
export async function categoryCount(category: string): Promise<number> {
  const [row] = await db()('service_category_counts').sum<{ n: string | null }[]>('visible as n').where({ category });
  return Number(row?.n ?? 0);
}
