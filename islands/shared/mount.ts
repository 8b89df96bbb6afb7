import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { restore, snapshot } from './carry.js';

/**
 * Mounts a React island on every `<div data-island="NAME">` of the page. Its props are the JSON of the
 * `<script type="application/json">` that follows it (or `script[data-island-props="NAME"]` anywhere on
 * the page), written on the server with islandProps() from src/lib/island.ts.
 *
 * The island's bundle runs only once a person shows intent inside it (islands/shared/wake.ts, docs/design.md
 * §5.9). What they did to the fallback until then (text typed, boxes ticked, the focus) is carried over to
 * the island's render, which is committed synchronously so that nothing typed falls between the two; a
 * native select whose list is open is left alone until it is chosen from or left.
 *
 * `hydrate: true` hydrates markup that React itself rendered on the server; otherwise the server's
 * fallback HTML (a plain, working page) is replaced by the island's render of the same props.
 */
export function mountIsland<P>(
  name: string,
  render: (props: P, element: HTMLElement) => ReactNode,
  options: { hydrate?: boolean } = {},
): void {
  const mountOne = (element: HTMLElement): void => {
    if (element.dataset.islandMounted === 'true') return;
    const active = document.activeElement;
    if (active instanceof HTMLSelectElement && element.contains(active)) {
      const later = (): void => {
        active.removeEventListener('change', later);
        active.removeEventListener('blur', later);
        mountOne(element);
      };
      active.addEventListener('change', later);
      active.addEventListener('blur', later);
      return;
    }
    const props = readProps<P>(element, name);
    if (props === null) return;
    const node = render(props, element);
    const carried = options.hydrate ? null : snapshot(element);
    if (options.hydrate) hydrateRoot(element, node);
    else {
      const root = createRoot(element);
      flushSync(() => root.render(node));
    }
    // Mounted before the carried input is replayed: a submit it causes is the island's own, not held.
    element.dataset.islandMounted = 'true';
    if (carried) restore(element, carried, (change) => flushSync(change));
    element.dispatchEvent(new CustomEvent('island:mounted'));
  };
  const start = (): void => {
    for (const element of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) mountOne(element);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}

function readProps<P>(element: HTMLElement, name: string): P | null {
  let script: Element | null = element.nextElementSibling;
  while (script && !(script instanceof HTMLScriptElement && script.type === 'application/json')) {
    script = script.nextElementSibling;
  }
  script ??= document.querySelector(`script[type="application/json"][data-island-props="${name}"]`);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as P;
  } catch {
    return null;
  }
}
