import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * Mounts a React island on every `<div data-island="NAME">` of the page. Its props are the JSON of the
 * `<script type="application/json">` that follows it (or `script[data-island-props="NAME"]` anywhere on
 * the page), written on the server with islandProps() from src/lib/island.ts.
 *
 * `hydrate: true` hydrates markup that React itself rendered on the server; otherwise the server's
 * fallback HTML (a plain, working page) is replaced by the island's render of the same props.
 */
export function mountIsland<P>(
  name: string,
  render: (props: P, element: HTMLElement) => ReactNode,
  options: { hydrate?: boolean } = {},
): void {
  const start = (): void => {
    for (const element of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
      if (element.dataset.islandMounted === 'true') continue;
      const props = readProps<P>(element, name);
      if (props === null) continue;
      const node = render(props, element);
      if (options.hydrate) hydrateRoot(element, node);
      else createRoot(element).render(node);
      element.dataset.islandMounted = 'true';
    }
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
