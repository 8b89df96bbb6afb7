// The few lines of plain script every page gets: everything here only enhances markup that already works.
import { wakeIslandsOnIntent } from './shared/wake.js';

document.documentElement.classList.replace('no-js', 'js');

function onReady(fn: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fn);
  else fn();
}

onReady(() => {
  // Islands start on a person's first intent inside them, not on load (docs/design.md §5.9).
  wakeIslandsOnIntent();

  // Sticky panels sit below the sticky header: where the header wraps onto two rows (narrow desktops,
  // a long name in the user menu) --header-offset follows its real height.
  const header = document.querySelector<HTMLElement>('.site-header');
  if (header && 'ResizeObserver' in window) {
    new ResizeObserver(() =>
      document.documentElement.style.setProperty('--header-offset', `${header.offsetHeight}px`),
    ).observe(header);
  }

  // A refused form: the focus moves to its summary (views/partials/_error-summary.ejs), which a screen reader
  // reads and from which each link takes the focus into its field, not just the page to it.
  const summary = document.querySelector<HTMLElement>('[data-error-summary]');
  if (summary) {
    summary.focus();
    for (const link of summary.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
      link.addEventListener('click', (event) => {
        const target = document.getElementById(link.hash.slice(1));
        const control = target?.matches('input, select, textarea')
          ? target
          : target?.querySelector<HTMLElement>('input, select, textarea');
        if (!target || !control) return;
        event.preventDefault();
        target.scrollIntoView({ block: 'center' });
        control.focus({ preventScroll: true });
      });
    }
  }

  // Mobile menu
  const toggle = document.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const nav = toggle ? document.getElementById(toggle.getAttribute('aria-controls') ?? '') : null;
  if (toggle && nav) {
    toggle.addEventListener('click', (event) => {
      // A link to #site-nav, for pages without a script: here it toggles in place, nothing scrolls.
      event.preventDefault();
      const open = nav.classList.toggle('is-open');
      toggle.setAttribute('aria-expanded', String(open));
      toggle.setAttribute('aria-label', (open ? toggle.dataset.labelClose : toggle.dataset.labelOpen) ?? '');
    });
  }

  // Toasts: top right, gone 4 s (8 s for errors) after the page has finished loading, or when closed.
  // Counting from the load, not from the first script, a slow page does not eat the time to read them.
  for (const toast of document.querySelectorAll<HTMLElement>('[data-toast]')) {
    const dismiss = (): void => {
      toast.classList.add('is-leaving');
      setTimeout(() => toast.remove(), 260);
    };
    toast.querySelector('[data-toast-close]')?.addEventListener('click', dismiss);
    const schedule = (): void => void setTimeout(dismiss, Number(toast.dataset.timeout ?? 4000));
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
  }

  // "Torna indietro" goes back in history when there is history
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-history-back]')) {
    link.addEventListener('click', (event) => {
      if (window.history.length > 1 && document.referrer.startsWith(window.location.origin)) {
        event.preventDefault();
        window.history.back();
      }
    });
  }

  // Show/hide password
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-password-toggle]')) {
    const input = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLInputElement | null;
    if (!input) continue;
    button.hidden = false;
    button.addEventListener('click', () => {
      const show = input.type === 'password';
      input.type = show ? 'text' : 'password';
      button.setAttribute('aria-pressed', String(show));
      button.textContent = (show ? button.dataset.labelHide : button.dataset.labelShow) ?? '';
    });
  }

  // Service gallery: its radio buttons swap the image without a script. Here a thumbnail or an arrow
  // key swaps it without the page jumping to the (hidden) radio, which keeps the focus; previous/next
  // buttons step through the images, and "Immagine 2 di 5" is announced.
  for (const gallery of document.querySelectorAll<HTMLElement>('[data-gallery]')) {
    const radios = Array.from(gallery.querySelectorAll<HTMLInputElement>('input.gallery__radio'));
    if (radios.length < 2) continue;
    const counter = gallery.querySelector<HTMLElement>('[data-gallery-counter]');
    const current = (): number =>
      Math.max(
        0,
        radios.findIndex((r) => r.checked),
      );
    const announce = (): void => {
      if (counter) counter.textContent = (counter.dataset.template ?? '').replace('{n}', String(current() + 1));
    };
    const show = (index: number, focus: boolean): void => {
      const radio = radios[(index + radios.length) % radios.length]!;
      radio.checked = true;
      if (focus) radio.focus({ preventScroll: true });
      announce();
    };
    for (const thumb of gallery.querySelectorAll<HTMLLabelElement>('label.gallery__thumb')) {
      thumb.addEventListener('click', (event) => {
        event.preventDefault();
        show(
          radios.findIndex((r) => r.id === thumb.htmlFor),
          true,
        );
      });
    }
    // The browser's own arrow keys would scroll to the radio (hidden at the top of the gallery).
    const steps: Record<string, (i: number) => number> = {
      ArrowLeft: (i) => i - 1,
      ArrowUp: (i) => i - 1,
      ArrowRight: (i) => i + 1,
      ArrowDown: (i) => i + 1,
      Home: () => 0,
      End: () => radios.length - 1,
    };
    for (const radio of radios) {
      radio.addEventListener('change', announce);
      radio.addEventListener('keydown', (event) => {
        const step = steps[event.key];
        if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
        event.preventDefault();
        show(step(current()), true);
      });
    }
    for (const button of gallery.querySelectorAll<HTMLButtonElement>('[data-gallery-step]')) {
      button.hidden = false;
      button.addEventListener('click', () => show(current() + Number(button.dataset.galleryStep), false));
    }
    if (counter) {
      counter.hidden = false;
      announce();
    }
  }

  // Forms with data-confirm ask before submitting (cancellations, rejections)
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-confirm]')) {
    form.addEventListener('submit', (event) => {
      if (!window.confirm(form.dataset.confirm ?? '')) event.preventDefault();
    });
  }

  // Buttons with data-submitting-label show it while their form is being sent, and block double clicks
  for (const form of document.querySelectorAll<HTMLFormElement>('form')) {
    form.addEventListener('submit', (event) => {
      if (event.defaultPrevented) return;
      const button =
        (event.submitter as HTMLButtonElement | null) ?? form.querySelector<HTMLButtonElement>('button[type="submit"]');
      if (!button?.dataset.submittingLabel) return;
      if (form.dataset.submitting === 'true') {
        event.preventDefault();
        return;
      }
      form.dataset.submitting = 'true';
      button.setAttribute('aria-disabled', 'true');
      button.textContent = button.dataset.submittingLabel;
    });
  }

  // Forms that carry on by themselves (the email verification page): sent once, as soon as it loads
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-auto-submit]')) {
    form.requestSubmit();
  }

  // Address forms: the province fills in its region and loads the municipality suggestions of that
  // province (the same page rendered with ?province=, its <datalist> swapped in). A province chosen
  // before this script ran (a slow connection) is caught up with once it runs.
  for (const select of document.querySelectorAll<HTMLSelectElement>('select[data-province-select]')) {
    const region = document.getElementById(select.dataset.regionTarget ?? '') as HTMLSelectElement | null;
    const list = document.getElementById(select.dataset.citiesTarget ?? '');
    const regionOf = () => select.selectedOptions[0]?.dataset.region;
    const follow = () => {
      const chosen = regionOf();
      if (region && chosen) region.value = chosen;
      if (!list || !select.value || !select.dataset.citiesSource) return;
      fetch(`${select.dataset.citiesSource}${encodeURIComponent(select.value)}`, { credentials: 'same-origin' })
        .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
        .then((page) => {
          const fresh = new DOMParser().parseFromString(page, 'text/html').getElementById(list.id);
          if (fresh) list.replaceChildren(...Array.from(fresh.children).map((c) => document.importNode(c, true)));
        })
        .catch(() => undefined);
    };
    select.addEventListener('change', follow);
    if (region && regionOf() && region.value !== regionOf()) follow();
  }
});
