import type { Request, Response } from 'express';
import { renderShared, sendAroundPart } from '../config/views.js';
import { keptPageSnapshot } from '../middleware/page-cache.js';
import { FEATURED_PROVIDERS_ON_HOME, homePage } from '../pages/home.page.js';
import { homeContent } from '../services/catalogue.service.js';
import { sharedPart } from '../services/shared-parts.service.js';

/** GET /: its content is the same for every viewer (shared-parts.service); the layout adds the viewer's header. */
export async function show(_req: Request, res: Response): Promise<void> {
  const part = await sharedPart(
    'home',
    async () => {
      const view = homePage(await homeContent(FEATURED_PROVIDERS_ON_HOME));
      return { html: renderShared('home/show', view), layout: { title: view.title } };
    },
    keptPageSnapshot(res),
  );
  await sendAroundPart(res, part);
}
