import { expect } from 'chai';
import { html, request } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { signIn } from './dashboard.helpers.js';

/** The hrefs of the sprite's symbols a page draws (`<svg class="icon"><use href="/build/icons-….svg#name">`). */
function iconRefs(page: string): string[] {
  const $ = html(page);
  return $('svg.icon use')
    .map((_, el) => $(el).attr('href') ?? '')
    .get();
}

/** The icons are symbols of one fingerprinted sprite: every one a page names is drawn by it. */
describe('icons', () => {
  before(resetDatabase);

  it('every icon of the home page and of a signed-in dashboard is a symbol of the sprite, kept for a year', async () => {
    const { agent } = await signIn('provider', 'Icone Sicure Srl');
    const refs = [
      ...iconRefs((await request().get('/').expect(200)).text),
      ...iconRefs((await agent.get('/dashboard').expect(200)).text),
    ];
    expect(refs.length).to.be.greaterThan(10);
    const files = new Set(refs.map((ref) => ref.split('#')[0]));
    expect(files.size).to.equal(1);
    const [file] = [...files];
    expect(file).to.match(/^\/build\/icons-[A-Z0-9]{8}\.svg$/);
    const sprite = await request().get(file!).expect(200);
    expect(sprite.headers['content-type']).to.match(/^image\/svg\+xml/);
    expect(sprite.headers['cache-control']).to.include('immutable');
    const svg = sprite.text || sprite.body.toString();
    for (const name of new Set(refs.map((ref) => ref.split('#')[1]))) {
      expect(name, 'an icon with a name').to.not.equal('');
      expect(svg).to.include(`<symbol id="${name}" viewBox="0 0 24 24"`);
    }
  });
});
