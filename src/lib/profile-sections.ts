import type { UserType } from './current-user.js';

/** The tabs of /profile (SPEC §2, plus invoicing data): clients have five, providers seven. */
export const CLIENT_SECTIONS = ['general', 'image', 'address', 'contacts', 'billing'] as const;
export const PROVIDER_SECTIONS = [
  'general',
  'image',
  'address',
  'contacts',
  'professional',
  'services',
  'billing',
] as const;
export type Section = (typeof PROVIDER_SECTIONS)[number];
/** The tabs saved by a form of fields (the image tab has its own upload). */
export type FormSection = Exclude<Section, 'image'>;

export function sectionsFor(userType: UserType): readonly Section[] {
  return userType === 'provider' ? PROVIDER_SECTIONS : CLIENT_SECTIONS;
}

export function isFormSection(userType: UserType, value: unknown): value is FormSection {
  return typeof value === 'string' && value !== 'image' && (sectionsFor(userType) as readonly string[]).includes(value);
}
