import type { UserType } from './current-user.js';

/** The tabs of /profile (docs/product.md §2, plus invoicing data and opening hours): clients have five, providers eight. */
export const CLIENT_SECTIONS = ['general', 'image', 'address', 'contacts', 'billing'] as const;
export const PROVIDER_SECTIONS = [
  'general',
  'image',
  'address',
  'contacts',
  'professional',
  'services',
  'hours',
  'billing',
] as const;
export type Section = (typeof PROVIDER_SECTIONS)[number];
/** The tabs saved by a form of fields (the image tab has its own upload, the hours tab its own forms). */
export type FormSection = Exclude<Section, 'image' | 'hours'>;

export function sectionsFor(userType: UserType): readonly Section[] {
  return userType === 'provider' ? PROVIDER_SECTIONS : CLIENT_SECTIONS;
}

export function isFormSection(userType: UserType, value: unknown): value is FormSection {
  return (
    typeof value === 'string' &&
    value !== 'image' &&
    value !== 'hours' &&
    (sectionsFor(userType) as readonly string[]).includes(value)
  );
}
