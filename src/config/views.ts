import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ejs from 'ejs';
import type { Express, Response } from 'express';
import * as format from '../lib/format.js';
import { categoryIcon, spriteIcon } from '../lib/icons.js';
import { asset, assetImports } from './assets.js';
import { t, tree } from './i18n.js';
import { VIEWS_DIR } from './paths.js';

type RenderCallback = (err: Error | null, html?: string) => void;

/**
 * How every view is rendered: includes by absolute path (`include('/partials/_field')`) are read from the
 * views folder, which EJS joins without checking that the file exists; each line's indentation is left out of
 * the page (rmWhitespace: no page has preformatted text of its own; the emails, whose text versions are laid
 * out by their lines, are rendered apart, src/documents/email.ts). Anything that renders a view (a test of a
 * partial too) passes these.
 */
export const VIEW_RENDER_OPTIONS: { root: string; views: string[]; rmWhitespace: boolean } = {
  root: VIEWS_DIR,
  views: [VIEWS_DIR],
  rmWhitespace: true,
};

/**
 * The helpers every page's views may call, whoever renders them: the request's locals (middleware/locals.ts)
 * and the parts every viewer shares (renderShared).
 */
export const VIEW_HELPERS = {
  t,
  tree,
  asset,
  assetImports,
  format,
  icon: (name: string, options?: { size?: number; className?: string }) =>
    spriteIcon(asset('icons.svg'), name, options),
  categoryIcon: (category: string, size?: number) => categoryIcon(asset('icons.svg'), category, size),
} as const;

/**
 * EJS with one layout: a view renders its content, then layouts/main wraps it (header, footer, meta).
 * A view model may set `layout: false` (emails, fragments) or another layout name.
 */
export function configureViews(app: Express, cache: boolean): void {
  keepCompiled = cache;
  app.set('views', VIEWS_DIR);
  app.set('view engine', 'ejs');
  app.engine('ejs', (file: string, options: object, callback: RenderCallback) => {
    const model = options as Record<string, unknown> & { layout?: string | false };
    // With the cache on (VIEW_CACHE: everywhere but development) the compiled templates do not track the line
    // being rendered: compileDebug makes each template function record its line for every line it runs and wrap
    // itself in a try/catch, work every render would pay. An error then names the template but not its line.
    const renderOptions = { cache, compileDebug: !cache, ...VIEW_RENDER_OPTIONS };
    ejs.renderFile(file, model, renderOptions, (err, body) => {
      if (err) return callback(err);
      if (model.layout === false) return callback(null, body);
      const layout = path.join(VIEWS_DIR, 'layouts', `${model.layout ?? 'main'}.ejs`);
      ejs.renderFile(layout, { ...model, body }, renderOptions, callback);
    });
  });
}

let keepCompiled = true;
const compiled = new Map<string, ejs.TemplateFunction>();

/**
 * Renders a view of views/ without its layout, for a part of a page that every viewer shares (the results of a
 * search, a card, home's content). It sees only the translator, the asset paths, the formatting helpers and
 * `model`: never the request's locals (the user, their counts, their CSRF token), so nobody's own data can
 * enter it. `name` as for res.render ('search/index', 'partials/_service-card').
 *
 * `names`, for a view without includes that reads only `t`, `locals` and these names of its model: the
 * template then declares them instead of running in a `with (locals)` block, whose every name V8 must look up
 * at run time (a card renders in about 60% of the time).
 */
export function renderShared(name: string, model: object, names?: readonly string[]): string {
  let template = compiled.get(name);
  if (!template) {
    const filename = path.join(VIEWS_DIR, `${name}.ejs`);
    template = ejs.compile(readFileSync(filename, 'utf8'), {
      filename,
      compileDebug: !keepCompiled,
      // EJS keeps what it compiles by file name, where an include of the same file would find it: only the
      // templates compiled as usual (whose includes it keeps) go there.
      ...(names ? { _with: false, destructuredLocals: ['t', ...names] } : { cache: keepCompiled }),
      ...VIEW_RENDER_OPTIONS,
    });
    if (keepCompiled) compiled.set(name, template);
  }
  return template({ ...VIEW_HELPERS, ...model });
}

/** Where a shared part goes in its page: random for each process, so no template, text or user input holds it. */
const PART_MARK = `<!--${randomBytes(18).toString('base64url')}-->`;

/**
 * Sends a page whose content every viewer shares (services/shared-parts.service.ts): the layout is rendered for
 * this viewer (their header, their menu) around a mark, and the response is the layout's bytes with the part's
 * own kept bytes in place of the mark, so that the content is neither copied into the viewer's page nor
 * encoded again for each of them.
 */
export function sendAroundPart(res: Response, part: { bytes: Buffer; layout: object }): Promise<void> {
  return new Promise((resolve, reject) => {
    res.render('shared-part', { ...part.layout, part: PART_MARK }, (err: Error | null, html?: string) => {
      const at = html === undefined ? -1 : html.indexOf(PART_MARK);
      if (err || html === undefined || at < 0) return reject(err ?? new Error('shared part: the layout lost its mark'));
      res.type('html');
      res.send(
        Buffer.concat([Buffer.from(html.slice(0, at)), part.bytes, Buffer.from(html.slice(at + PART_MARK.length))]),
      );
      resolve();
    });
  });
}
