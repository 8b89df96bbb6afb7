import path from 'node:path';
import ejs from 'ejs';
import type { Express } from 'express';
import { VIEWS_DIR } from './paths.js';

type RenderCallback = (err: Error | null, html?: string) => void;

/**
 * EJS with one layout: a view renders its content, then layouts/main wraps it (header, footer, meta).
 * A view model may set `layout: false` (emails, fragments) or another layout name.
 */
export function configureViews(app: Express, cache: boolean): void {
  app.set('views', VIEWS_DIR);
  app.set('view engine', 'ejs');
  app.engine('ejs', (file: string, options: object, callback: RenderCallback) => {
    const model = options as Record<string, unknown> & { layout?: string | false };
    const renderOptions = { cache, root: VIEWS_DIR, views: [VIEWS_DIR] };
    ejs.renderFile(file, model, renderOptions, (err, body) => {
      if (err) return callback(err);
      if (model.layout === false) return callback(null, body);
      const layout = path.join(VIEWS_DIR, 'layouts', `${model.layout ?? 'main'}.ejs`);
      ejs.renderFile(layout, { ...model, body }, renderOptions, callback);
    });
  });
}
