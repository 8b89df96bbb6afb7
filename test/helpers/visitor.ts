import { Agent as HttpAgent } from 'node:http';
import type { Express } from 'express';
import supertest from 'supertest';
import { csrfFrom, html, testApp } from './app.js';

/**
 * A person's browser on its own IP address: its connections leave from that loopback address (any
 * 127.x.y.z), which is what the application sees as req.ip. `app` picks the web process it talks to.
 */
export class Visitor {
  private readonly socketAgent: HttpAgent;
  private readonly browser: ReturnType<typeof supertest.agent>;
  private token: string | null = null;

  constructor(ip: string, app: Express = testApp()) {
    this.socketAgent = new HttpAgent({ localAddress: ip });
    this.browser = supertest.agent(app);
  }

  /** Opens a page; the CSRF token of its form, when it has one, is kept for the next submissions. */
  async open(path: string): Promise<supertest.Response> {
    const page = await this.browser.get(path).agent(this.socketAgent).expect(200);
    if (html(page.text)('input[name="_csrf"]').length) this.token = csrfFrom(html(page.text));
    return page;
  }

  /** Submits a form as the browser does, with the CSRF token of the last page that had one. */
  submit(path: string, form: Record<string, string>): supertest.Test {
    if (!this.token) throw new Error('open a page with a form first');
    return this.browser
      .post(path)
      .agent(this.socketAgent)
      .type('form')
      .send({ _csrf: this.token, ...form });
  }

  async login(email: string, password: string): Promise<supertest.Response> {
    if (!this.token) await this.open('/auth/login');
    return this.submit('/auth/login', { email, password });
  }
}
