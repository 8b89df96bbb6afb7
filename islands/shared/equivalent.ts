/**
 * Which control of a mounted island stands for a control of its server-rendered fallback: the one with the
 * same id, else the same name and value (radio buttons, checkboxes, named submit buttons), else the same
 * kind of element with the same text (an unnamed "Cerca" button). Pure: the unit tests hand it plain objects.
 */
export interface ControlLike {
  id: string;
  tagName: string;
  type?: string;
  name?: string;
  value?: string;
  textContent: string | null;
}

export type ControlKey =
  | { by: 'id'; id: string }
  | { by: 'name'; tag: string; name: string; value: string | null }
  | { by: 'text'; tag: string; type: string; text: string };

/** Controls whose value is their own (typed text, a chosen option): their name alone identifies them. */
const VALUE_IS_STATE = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'date', 'time', 'password']);

function kind(el: ControlLike): string {
  return (el.type ?? '').toLowerCase();
}

/** A control's text as a person reads it: trimmed, runs of white space as one space. */
function textOf(el: ControlLike): string {
  return (el.textContent ?? '').trim().replace(/\s+/g, ' ');
}

/** The key of a control, or null for one that cannot be told apart from its neighbours. */
export function keyOf(el: ControlLike): ControlKey | null {
  const tag = el.tagName.toLowerCase();
  if (el.id) return { by: 'id', id: el.id };
  if (el.name) {
    const ownValue = tag === 'select' || tag === 'textarea' || VALUE_IS_STATE.has(kind(el));
    return { by: 'name', tag, name: el.name, value: ownValue ? null : (el.value ?? '') };
  }
  const text = textOf(el);
  if (!text) return null;
  return { by: 'text', tag, type: kind(el), text };
}

export function matches(key: ControlKey, el: ControlLike): boolean {
  const tag = el.tagName.toLowerCase();
  switch (key.by) {
    case 'id':
      return el.id === key.id;
    case 'name':
      return tag === key.tag && el.name === key.name && (key.value === null || (el.value ?? '') === key.value);
    case 'text':
      return tag === key.tag && kind(el) === key.type && textOf(el) === key.text;
  }
}

/** The first candidate the key stands for; an id is looked up first, and only an id. */
export function findEquivalent<T extends ControlLike>(key: ControlKey | null, candidates: Iterable<T>): T | null {
  if (!key) return null;
  for (const el of candidates) if (matches(key, el)) return el;
  return null;
}
