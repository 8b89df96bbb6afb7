import { findEquivalent, keyOf, type ControlKey } from './equivalent.js';

/**
 * What a person did to an island's server-rendered fallback before the island mounted (docs/design.md §5.9):
 * the text typed, the boxes ticked, the options chosen, the panels opened, where the focus and the caret were.
 * snapshot() reads it just before the island replaces the fallback; restore() does the same to the island's
 * equivalent controls through the events a person's own input fires, so the island's state follows.
 */
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

interface Change {
  key: ControlKey;
  value?: string;
  checked?: boolean;
  open?: boolean;
}

export interface Carried {
  changes: Change[];
  focus: { key: ControlKey; start: number | null; end: number | null } | null;
}

const FIELDS = 'input, select, textarea';

function changed(el: Field): boolean {
  if (el instanceof HTMLSelectElement) return Array.from(el.options).some((o) => o.selected !== o.defaultSelected);
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
    return el.checked !== el.defaultChecked;
  }
  return el.value !== el.defaultValue;
}

function selection(el: Element): { start: number | null; end: number | null } {
  try {
    const field = el as HTMLInputElement;
    return { start: field.selectionStart ?? null, end: field.selectionEnd ?? null };
  } catch {
    return { start: null, end: null };
  }
}

export function snapshot(root: HTMLElement): Carried {
  const changes: Change[] = [];
  for (const el of root.querySelectorAll<Field>(FIELDS)) {
    if (el.type === 'hidden' || !changed(el)) continue;
    const key = keyOf(el);
    if (!key) continue;
    if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
      // A radio button switched off is the other one switched on: only the one now chosen is carried.
      if (el.type === 'radio' && !el.checked) continue;
      changes.push({ key, checked: el.checked });
    } else changes.push({ key, value: el.value });
  }
  for (const el of root.querySelectorAll<HTMLDetailsElement>('details[id]')) {
    if (el.open !== el.hasAttribute('open')) changes.push({ key: { by: 'id', id: el.id }, open: el.open });
  }
  const active = document.activeElement;
  const focusKey = active && active !== root && root.contains(active) ? keyOf(active as Field) : null;
  return { changes, focus: focusKey ? { key: focusKey, ...selection(active!) } : null };
}

/** Sets a field's value as typing does: through the element's own setter, then an input event. */
function type(el: Field, value: string): void {
  const proto = Object.getPrototypeOf(el) as object;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * `step` runs each change (React's flushSync for an island): each is rendered before the next is made, so a
 * handler reading the island's state sees the changes before it.
 */
export function restore(root: HTMLElement, carried: Carried, step: (fn: () => void) => void = (fn) => fn()): void {
  const fields = (): Field[] => Array.from(root.querySelectorAll<Field>(FIELDS));
  for (const change of carried.changes) {
    if (change.open !== undefined) {
      const details = root.querySelector<HTMLDetailsElement>(
        `details#${CSS.escape((change.key as { id: string }).id)}`,
      );
      if (details && details.open !== change.open) step(() => (details.open = change.open!));
      continue;
    }
    const el = findEquivalent(change.key, fields());
    if (!el) continue;
    if (change.checked !== undefined) {
      if ((el as HTMLInputElement).checked !== change.checked) step(() => el.click());
    } else if (change.value !== undefined && el.value !== change.value) step(() => type(el, change.value!));
  }
  if (!carried.focus) return;
  const focus = carried.focus;
  const target = findEquivalent(focus.key, [
    ...fields(),
    ...root.querySelectorAll<HTMLElement & Field>('button, summary'),
  ]);
  if (!target) return;
  target.focus({ preventScroll: true });
  if (focus.start !== null && focus.end !== null) {
    try {
      (target as HTMLInputElement).setSelectionRange(focus.start, focus.end);
    } catch {
      // Fields without a caret (a date, a number) keep the browser's own.
    }
  }
}
