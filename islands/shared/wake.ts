import { findEquivalent, keyOf, type ControlKey } from './equivalent.js';

/**
 * Islands start on intent (docs/design.md §5.9). The page as served is complete: each island's element holds
 * its working fallback and names its bundle (`data-island-src`), which the page only prefetches. The bundle is
 * run, and the island mounted, when a person first points at, touches or focuses something inside the
 * element.
 *
 * Nothing done before the mount is lost: what is typed, ticked or opened is carried over by the mount itself
 * (islands/shared/carry.ts); a form submitted before the mount (a button, Enter in a field) is held here and
 * submitted again from the island's equivalent button or form once it is mounted, or, should the bundle fail
 * to load, by the fallback as it would have been without a script.
 */
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

type Held = { form: HTMLFormElement; formKey: ControlKey | null; submitter: HTMLElement | null };

function formKey(form: HTMLFormElement): ControlKey | null {
  return form.id ? { by: 'id', id: form.id } : null;
}

function resubmit(element: HTMLElement, held: Held): void {
  const key = held.submitter ? keyOf(held.submitter as HTMLButtonElement) : null;
  const buttons = element.querySelectorAll<HTMLButtonElement | HTMLInputElement>(
    'button, input[type="submit"], input[type="image"]',
  );
  const button = held.submitter ? findEquivalent(key, buttons) : null;
  if (button) {
    button.click();
    return;
  }
  const forms = Array.from(element.querySelectorAll('form'));
  const form = findEquivalent(held.formKey, forms) ?? (forms.length === 1 ? forms[0]! : null);
  form?.requestSubmit();
}

function wakeable(element: HTMLElement): void {
  const src = element.dataset.islandSrc;
  if (!src) return;
  let held: Held | null = null;
  let started = false;
  let failed = false;

  const mounted = (): boolean => element.dataset.islandMounted === 'true';
  const wake = (): void => {
    if (started) return;
    started = true;
    element.addEventListener(
      'island:mounted',
      () => {
        const pending = held;
        held = null;
        if (pending) resubmit(element, pending);
      },
      { once: true },
    );
    import(src).catch((error: unknown) => {
      // The fallback stays and works; a form held meanwhile goes as it would have gone without a script.
      console.error(error);
      failed = true;
      const pending = held;
      held = null;
      if (pending) pending.form.requestSubmit(pending.submitter as HTMLButtonElement | null);
    });
  };

  const onSubmit = (event: SubmitEvent): void => {
    if (mounted() || failed || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = { form: event.target, formKey: formKey(event.target), submitter: event.submitter };
    wake();
  };

  for (const type of INTENT) element.addEventListener(type, wake, { passive: true, once: true });
  element.addEventListener('submit', onSubmit, { capture: true });
}

/** Makes every island of the page start on intent. */
export function wakeIslandsOnIntent(): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-island][data-island-src]')) wakeable(element);
}
