/**
 * Serialises island props for a <script type="application/json"> tag: `<` is escaped so that no
 * user string can close the tag, and U+2028/2029 so the JSON stays valid everywhere.
 */
export function islandProps(props: unknown): string {
  return JSON.stringify(props)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
