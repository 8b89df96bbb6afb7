import type { Express } from 'express';
import supertest from 'supertest';
import * as cheerio from 'cheerio';
import { createApp } from '../../src/app.js';
import { testDatabase } from './db.js';

let app: Express | null = null;

/** The application under test, built once on the test database. */
export function testApp(): Express {
  app ??= createApp({ sessionPool: testDatabase().sessionPool });
  return app;
}

/** A browser-like client that keeps cookies between requests. */
export function browser(): ReturnType<typeof supertest.agent> {
  return supertest.agent(testApp());
}

export function request(): ReturnType<typeof supertest> {
  return supertest(testApp());
}

export type Page = cheerio.CheerioAPI;

/** Parses an HTML response to query what a person would see. */
export function html(text: string): Page {
  return cheerio.load(text);
}

/** The visible text of an element, whitespace collapsed. */
export function textOf($: Page, selector: string): string {
  return $(selector).first().text().replace(/\s+/g, ' ').trim();
}

/** The CSRF token of the first form on a page. */
export function csrfFrom($: Page): string {
  const token = $('input[name="_csrf"]').first().val();
  if (typeof token !== 'string' || !token) throw new Error('no CSRF token on the page');
  return token;
}

/**
 * A refused form's error summary as a person reads it: its title and each link ("#f-email Email obbligatoria"),
 * after checking that every link leads to a field on the page. Null when the page has none.
 */
export function errorSummaryOf($: Page): { title: string; links: string[] } | null {
  const summary = $('[data-error-summary]');
  if (summary.length === 0) return null;
  const links = summary
    .find('a')
    .toArray()
    .map((a) => {
      const href = $(a).attr('href') ?? '';
      if ($(href.replace(/([[\]])/g, '\\$1')).length !== 1) throw new Error(`the summary's link ${href} leads nowhere`);
      return `${href} ${$(a).text().replace(/\s+/g, ' ').trim()}`;
    });
  return { title: textOf($, '[data-error-summary] .error-summary__title'), links };
}
