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

const keptJson = new WeakMap<object, string>();

/**
 * islandProps of `{ ...varying, ...kept }` (no key in both), where `kept` is an object the caller keeps and
 * never changes, such as an island's options and labels: its JSON is made once per object, and each call
 * serialises only `varying`. The text is the same as islandProps of the whole.
 */
export function islandPropsAround(varying: object, kept: object): string {
  let tail = keptJson.get(kept);
  if (tail === undefined) {
    tail = islandProps(kept);
    keptJson.set(kept, tail);
  }
  const head = islandProps(varying);
  if (head === '{}') return tail;
  if (tail === '{}') return head;
  return `${head.slice(0, -1)},${tail.slice(1)}`;
}
