import { expect } from 'chai';
import { csrfFrom, html, type Page } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';

/** What a person's browser sends from a message form: its text, its hidden fields, maybe one file. */

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export interface Attachment {
  data: Buffer;
  name: string;
}

/** Fills and submits the message form (#reply) of the page at `path`. */
export async function sendFrom(agent: Agent, path: string, body: string, attachment?: Attachment) {
  const page = await agent.get(path);
  expect(page.status, `${path}: ${page.status}`).to.equal(200);
  return submit(agent, html(page.text), body, attachment);
}

export function submit(agent: Agent, $: Page, body: string, attachment?: Attachment) {
  const form = $('form#reply');
  expect(form.length, 'no message form on the page').to.equal(1);
  const action = form.attr('action')!;
  // The token is a field of the body, never in the URL (logs, Referer headers).
  expect(action).to.not.contain('_csrf');
  expect(form.find('input[type="hidden"][name="_csrf"]').val()).to.equal(csrfFrom($));
  const req = agent.post(action);
  form.find('input[type="hidden"]').each((_, el) => {
    void req.field($(el).attr('name')!, $(el).attr('value') ?? '');
  });
  void req.field('body', body);
  if (attachment) void req.attach('attachment', attachment.data, attachment.name);
  return req;
}

/** The thread a redirect after sending leads to: "/messages/<id>#reply" → id. */
export function threadIdFrom(location: string | undefined): string {
  const match = /^\/messages\/([0-9a-f-]{36})#reply$/.exec(location ?? '');
  if (!match) throw new Error(`not a thread location: ${location}`);
  return match[1]!;
}
