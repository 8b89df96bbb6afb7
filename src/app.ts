import path from 'node:path';
import express, { type Express } from 'express';
import compression from 'compression';
import type pg from 'pg';
import { config } from './config/env.js';
import { configurePassport, operatorApart } from './config/passport.js';
import { PUBLIC_DIR } from './config/paths.js';
import { sessionMiddleware } from './config/session.js';
import { configureViews } from './config/views.js';
import { csrfProtection } from './middleware/csrf.js';
import { mailClientRoutes } from './routes/mail-client.js';
import { errorHandler } from './middleware/error-handler.js';
import { flash } from './middleware/flash.js';
import { impersonation, readOnlyWhileImpersonating } from './middleware/impersonation.js';
import { formBodies } from './middleware/form-body.js';
import { pageLocals, userLocals } from './middleware/locals.js';
import { notFound } from './middleware/not-found.js';
import { requestId } from './middleware/request-id.js';
import { securityHeaders } from './middleware/security.js';
import { sessionActivity } from './middleware/session-activity.js';
import { saveSessionBeforeResponse } from './middleware/session-save.js';
import { noteWrites } from './middleware/read-routing.js';
import * as health from './controllers/health.controller.js';
import { routes } from './routes/index.js';

const ONE_YEAR_S = 365 * 24 * 60 * 60;
/** The folders of public/: built assets, stylesheets, images. */
const PUBLIC_FOLDERS = ['build', 'css', 'img'];

/** The application without a listening socket: the server and the tests both build it here. */
export function createApp(deps: { sessionPool: pg.Pool }): Express {
  const cfg = config();
  const app = express();
  app.disable('x-powered-by');
  // No entity tag hashed from every page's bytes: a signed-in user's pages are private, no-store, so a
  // browser never revalidates them, and the public pages it does revalidate are the kept ones, which carry
  // a tag made once when kept (middleware/page-cache.ts). Static files keep their own (express.static).
  app.set('etag', false);
  app.set('trust proxy', cfg.trustProxy);
  app.set('query parser', 'simple');
  configureViews(app, cfg.viewCache);

  app.use(requestId);
  app.use(securityHeaders(cfg));
  // A load balancer's probe: no page, no session, no body; answered before everything a page needs.
  app.get('/healthz', health.show);
  app.use(pageLocals);
  app.use(compression());
  // Built assets are fingerprinted: cache them for a year. Other public files for a day. Each public
  // folder is mounted on its own path, so that a page request never costs a look at the disk (serving
  // the whole folder at / made every page stat() a file that is not there).
  for (const folder of PUBLIC_FOLDERS) {
    app.use(
      `/${folder}`,
      express.static(path.join(PUBLIC_DIR, folder), {
        index: false,
        setHeaders(res) {
          res.setHeader(
            'Cache-Control',
            folder === 'build' ? `public, max-age=${ONE_YEAR_S}, immutable` : 'public, max-age=86400',
          );
        },
      }),
    );
  }

  app.use(express.urlencoded({ extended: true, limit: '200kb', parameterLimit: 2000 }));
  app.use(express.json({ limit: '200kb' }));
  mailClientRoutes(app);
  app.use(sessionMiddleware(cfg, deps.sessionPool));
  app.use(saveSessionBeforeResponse);
  app.use(noteWrites);
  const passport = configurePassport();
  app.use(passport.initialize());
  app.use(passport.session());
  app.use(operatorApart);
  app.use(sessionActivity);
  app.use(flash);
  app.use(impersonation);
  app.use(userLocals);
  app.use(csrfProtection);
  app.use(readOnlyWhileImpersonating);

  const router = routes();
  app.use(formBodies(router));
  app.use(router);
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
