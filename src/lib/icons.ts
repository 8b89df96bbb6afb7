/**
 * The line icons of the site (24 × 24, stroke = currentColor), drawn for SicurHub: no icon font, nothing from
 * other hosts. Views draw them with `icon(name, { size, className })` and `categoryIcon(category, size)`, which
 * name a symbol of the sprite (iconSprite); the demo's cover pictures draw a category's icon large
 * (seeds/lib/photos.ts).
 */
const ICON_PATHS = {
  search: '<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/>',
  calendar:
    '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/><path d="m9 15 2 2 4-4"/>',
  calendarX:
    '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/><path d="m10 13.5 4 4M14 13.5l-4 4"/>',
  certificate:
    '<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z"/><path d="M14 3v5h5"/><path d="m9 14.5 2 2 4-4"/>',
  star: '<path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"/>',
  clipboard:
    '<path d="M9 3.5h6v3H9z"/><path d="M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2"/><path d="M9 12h6M9 16h4"/>',
  helmet: '<path d="M2.5 17.5h19"/><path d="M4.5 17.5V15a7.5 7.5 0 0 1 15 0v2.5"/><path d="M10 7.7V12M14 7.7V12"/>',
  graduation: '<path d="m2 9 10-5 10 5-10 5z"/><path d="M6 11v5c0 1.5 2.7 3 6 3s6-1.5 6-3v-5"/><path d="M22 9v5"/>',
  leaf: '<path d="M11 20A7 7 0 0 1 9.8 6.1C15.5 5 17 4.5 19 2c1 2 2 4.2 2 8 0 5.5-4.8 10-10 10Z"/><path d="M2 21c0-3 1.9-5.4 5.1-6 2.4-.5 4.9-2 5.9-3"/>',
  heartPulse:
    '<path d="M19.5 13.5C21 12 22 10.3 22 8.5A5.5 5.5 0 0 0 12 5.3 5.5 5.5 0 0 0 2 8.5c0 1.8 1 3.5 2.5 5L12 21z"/><path d="M3.5 12H8l1.5-2.5 3 5 1.5-2.5h6.5"/>',
  flame:
    '<path d="M8.5 14.5A2.5 2.5 0 0 0 11 12c0-1.4-.5-2-1-3-1.1-2.1-.2-4.1 2-6 .5 2.5 2 4.9 4 6.5 2 1.6 3 3.5 3 5.5a7 7 0 1 1-14 0c0-1.2.4-2.3 1-3a2.5 2.5 0 0 0 2.5 2.5z"/>',
  chip: '<rect x="6" y="6" width="12" height="12" rx="2"/><path d="M9.5 2.5V6M14.5 2.5V6M9.5 18v3.5M14.5 18v3.5M2.5 9.5H6M2.5 14.5H6M18 9.5h3.5M18 14.5h3.5"/><path d="M10 10h4v4h-4z"/>',
  wrench:
    '<path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.8-3.8a6 6 0 0 1-7.9 7.9l-6.9 6.9a2.1 2.1 0 0 1-3-3l6.9-6.9a6 6 0 0 1 7.9-7.9z"/>',
  check: '<path d="m5 12.5 4.5 4.5L19 7.5"/>',
  shieldCheck: '<path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.6 7.5 9.5 4.3-.9 7.5-4.9 7.5-9.5V6z"/><path d="m9 12 2 2 4-4"/>',
  euro: '<path d="M4 10h11M4 14h9"/><path d="M19 6a7.7 7.7 0 0 0-5.2-2A7.9 7.9 0 0 0 6 12c0 4.4 3.5 8 7.8 8 2 0 3.8-.8 5.2-2"/>',
  bell: '<path d="M6 16v-5a6 6 0 1 1 12 0v5l1.5 2h-15z"/><path d="M10 20a2 2 0 0 0 4 0"/>',
  clock: '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>',
  lock: '<rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/><path d="M12 15v2"/>',
  users:
    '<path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"/><circle cx="9" cy="7" r="4"/><path d="M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8"/>',
  userPlus:
    '<path d="M15 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"/><circle cx="8.5" cy="7" r="4"/><path d="M19 8v6M22 11h-6"/>',
  filePlus:
    '<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z"/><path d="M14 3v5h5"/><path d="M12 11v6M9 14h6"/>',
  inbox:
    '<path d="M22 12h-6l-2 3h-4l-2-3H2"/><path d="M5.5 5.1 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.8 4H7.2a2 2 0 0 0-1.7 1.1z"/>',
  chart: '<path d="M3 3v18h18"/><path d="m7 15 4-4 3 3 6-6"/><path d="M16 8h4v4"/>',
  mail: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3 7 9 6 9-6"/>',
  mapPin: '<path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z"/><circle cx="12" cy="9.5" r="2.5"/>',
  arrowRight: '<path d="M5 12h14M13 6l6 6-6 6"/>',
  document:
    '<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z"/><path d="M14 3v5h5"/><path d="M9 13h6M9 17h6"/>',
} as const;

export type IconName = keyof typeof ICON_PATHS;

/** Each category's icon: the home page's category cards, a service page without photos, the demo's covers. */
const CATEGORY_ICONS: Readonly<Record<string, IconName>> = {
  consultation_management: 'clipboard',
  workplace_safety: 'helmet',
  training_education: 'graduation',
  environment: 'leaf',
  occupational_health: 'heartPulse',
  emergency_crisis: 'flame',
  innovation_digital: 'chip',
  specialized_services: 'wrench',
};

/** The inner drawing (paths) of an icon; none for an unknown name. */
export function iconPaths(name: string): string {
  return (ICON_PATHS as Readonly<Record<string, string>>)[name] ?? '';
}

/** The icon a category is drawn with (a shield for one without its own). */
export function categoryIconName(category: string): IconName {
  return CATEGORY_ICONS[category] ?? 'shieldCheck';
}

/** How every icon is drawn: a line of 1.8 on a 24 × 24 box, in the colour of the text around it. */
const ICON_STYLE =
  'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"';

/**
 * Every icon as one SVG document of symbols, each named as in ICON_PATHS: the build writes it as a fingerprinted
 * asset (scripts/build.mjs, "icons.svg"), which a browser fetches once and keeps, so that a page names its icons
 * rather than carrying each drawing (a signed-in page has about thirty).
 */
export function iconSprite(): string {
  const symbols = Object.entries(ICON_PATHS).map(
    ([name, paths]) => `<symbol id="${name}" ${ICON_STYLE}>${paths}</symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`;
}

/**
 * An icon of the sprite at `spriteUrl` (iconSprite), hidden from assistive technology (the text beside it says
 * what it means). Views call it as `icon(name, { size, className })` (config/views.ts gives the sprite's URL).
 */
export function spriteIcon(
  spriteUrl: string,
  name: string,
  options: { size?: number; className?: string } = {},
): string {
  const size = Number(options.size) || 24;
  const className = options.className ? ` ${options.className.replace(/[^\w -]/g, '')}` : '';
  const id = Object.hasOwn(ICON_PATHS, name) ? name : '';
  return (
    `<svg class="icon${className}" width="${size}" height="${size}" aria-hidden="true" focusable="false">` +
    `<use href="${spriteUrl}#${id}"/></svg>`
  );
}

/** A category's icon of the sprite at `spriteUrl`. */
export function categoryIcon(spriteUrl: string, category: string, size = 24): string {
  return spriteIcon(spriteUrl, categoryIconName(category), { size });
}
