import type { SearchResponse } from '../../src/lib/search.shared.js';
import { request } from '../helpers/app.js';

/** Shared steps of the search tests. */

/** The search API's answer to a query string, as the search page's script reads it. */
export async function api(query: string): Promise<SearchResponse> {
  return (await request().get(`/api/search?${query}`).expect(200)).body as SearchResponse;
}
