import type { DemoIds, Viewer } from './demo-ids.js';

/** One page of the catalogue (page-catalogue.ts): who opens which template at which address. */
export interface PageCase {
  name: string;
  viewer: Viewer;
  /** The page template(s) under views/ the case renders: the coverage guard checks every page template is named. */
  template: string;
  /** The address to open, or a way to get the page's HTML that is not a plain GET (a POST answer). */
  path: (ids: DemoIds) => string;
  /**
   * For pages only reachable by submitting a form: the HTML the server answered. With a token, the form's
   * hidden fields (CSRF token, idempotency key) are read from the page first and the redirect is followed.
   */
  post?: { form: Record<string, string>; withoutToken?: boolean };
}

export const page = (
  name: string,
  viewer: Viewer,
  template: string,
  path: string | ((ids: DemoIds) => string),
): PageCase => ({
  name,
  viewer,
  template,
  path: typeof path === 'string' ? () => path : path,
});
