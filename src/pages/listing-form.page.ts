import { t, tree } from '../config/i18n.js';
import { CATEGORY_IDS } from '../lib/categories.js';
import { fromCents } from '../lib/money.js';
import { CERTIFICATION_SUGGESTIONS, PROFILE_LANGUAGES } from '../lib/profile-options.js';
import type { FieldProblems } from '../lib/problem.js';
import type { Section } from '../lib/profile-sections.js';
import { AVAILABILITIES, LOCATION_TYPES, PRICING_UNITS, LISTING_TYPES } from '../lib/listing-options.js';
import { TRAINING_KINDS, TRAINING_SCOPES } from '../lib/training-kinds.js';
import type { ListingProblem, OwnListing } from '../services/listings.service.js';
import type { FormImage, ImageProblem } from '../services/listing-images.service.js';
import type { FormErrors } from '../validators/validate.js';
import type { ListingFormValues } from '../validators/listing/listing-form.js';
import { formErrors, problemText, type ProblemTexts } from './problems.js';

/** The create/edit service form (views/services/form.ejs and its section partials). */

interface Option {
  value: string;
  label: string;
}

/** Empty rows offered for typing without JavaScript, after the rows already there. */
const EMPTY_ROWS = 2;

export interface ListingFormView {
  title: string;
  noindex: true;
  mode: 'create' | 'edit';
  heading: string;
  intro: string;
  /** Multipart (images travel with the form): the CSRF token rides in the action, as multer parses later. */
  action: string;
  submitLabel: string;
  cancelHref: string;
  values: ListingFormValues;
  errors: FormErrors;
  hasErrors: boolean;
  /** Profile tabs to fill in before publishing, with their links. */
  missing: { label: string; href: string }[];
  /** The province the comune resolved to (edit), shown beside the comune. */
  province: string | null;
  options: {
    categories: Option[];
    subcategories: string[];
    serviceTypes: (Option & { hint: string })[];
    availabilities: Option[];
    pricingUnits: Option[];
    costTypes: Option[];
    locationTypes: Option[];
    languages: string[];
    certifications: string[];
    trainingKinds: Option[];
    trainingScopes: Option[];
  };
  /** Edit only: status panel, pause/resume and deletion. */
  service: { id: string; status: string; canDelete: boolean; href: string } | null;
  /** The photos already uploaded, in order (views/services/_image-uploader.ejs). */
  images: FormImage[];
}

const withEmptyRows = <T>(rows: T[], empty: () => T): T[] => [...rows, ...Array.from({ length: EMPTY_ROWS }, empty)];

/** A blank form: Italian by default, one fresh key so a double submission publishes once. */
export function blankListingForm(formKey: string): ListingFormValues {
  return {
    form_key: formKey,
    title: '',
    description: '',
    detailed_description: '',
    category: '',
    subcategory: '',
    service_type: 'on_request',
    availability: 'on_request',
    base_price: '',
    pricing_unit: 'fixed',
    additional_costs: [],
    discounts: [],
    location: { address: '', city: '', postal_code: '' },
    service_areas: '',
    location_type: 'on_site',
    duration_hours: '',
    max_participants: '',
    deliverables: '',
    requirements: [],
    certifications_provided: [],
    certifications_other: '',
    languages: ['Italiano'],
    tags: '',
    training_kind: '',
    training_scope: '',
  };
}

const decimal = (n: number): string => fromCents(Math.round(n * 100)).replace(/\.00$/, '');

/** A saved service as the form shows it. */
export function listingFormValues(s: OwnListing, formKey: string): ListingFormValues {
  const suggested = CERTIFICATION_SUGGESTIONS as readonly string[];
  return {
    form_key: formKey,
    title: s.title,
    description: s.description,
    detailed_description: s.detailedDescription ?? '',
    category: s.category,
    subcategory: s.subcategory ?? '',
    service_type: s.listingType,
    availability: s.availability,
    base_price: fromCents(s.basePriceCents),
    pricing_unit: s.pricingUnit,
    additional_costs: s.additionalCosts.map((c) => ({ name: c.name, type: c.type, amount: decimal(c.amount) })),
    discounts: s.discounts.map((d) => ({
      name: d.name,
      type: d.type,
      value: decimal(d.amount),
      min_participants: d.minParticipants && d.minParticipants > 1 ? String(d.minParticipants) : '',
    })),
    location: { address: s.address ?? '', city: s.city, postal_code: s.postalCode ?? '' },
    service_areas: s.serviceAreas.join(', '),
    location_type: s.locationType,
    duration_hours: s.durationHours === null ? '' : String(s.durationHours),
    max_participants: s.maxParticipants === null ? '' : String(s.maxParticipants),
    deliverables: s.deliverables.join('\n'),
    requirements: s.requirements.map((r) => ({
      name: r.name,
      mandatory: r.mandatory,
      description: r.description ?? '',
    })),
    certifications_provided: s.certificationsProvided.filter((c) => suggested.includes(c)),
    certifications_other: s.certificationsProvided.filter((c) => !suggested.includes(c)).join(', '),
    languages: s.languages,
    tags: s.tags.join(', '),
    training_kind: s.trainingKind ?? '',
    training_scope: s.trainingScope ?? '',
  };
}

function options(): ListingFormView['options'] {
  return {
    categories: CATEGORY_IDS.map((id) => ({ value: id, label: t(`common:categories.${id}.name`) })),
    subcategories: CATEGORY_IDS.flatMap((id) => tree<string[]>(`common:categories.${id}.subservices`)),
    serviceTypes: LISTING_TYPES.map((v) => ({
      value: v,
      label: t(`common:serviceTypes.${v}`),
      hint: t(`catalogue:form.fields.serviceTypeHints.${v}`),
    })),
    availabilities: AVAILABILITIES.map((v) => ({ value: v, label: t(`common:availability.${v}`) })),
    pricingUnits: PRICING_UNITS.map((v) => ({ value: v, label: t(`catalogue:form.unitOptions.${v}`) })),
    costTypes: ['fixed', 'percentage'].map((v) => ({ value: v, label: t(`catalogue:form.costTypes.${v}`) })),
    locationTypes: LOCATION_TYPES.map((v) => ({ value: v, label: t(`common:locationTypes.${v}`) })),
    languages: [...PROFILE_LANGUAGES],
    certifications: [...CERTIFICATION_SUGGESTIONS],
    trainingKinds: TRAINING_KINDS.map((v) => ({ value: v, label: t(`training:kinds.${v}`) })),
    trainingScopes: TRAINING_SCOPES.map((v) => ({ value: v, label: t(`training:scopes.${v}`) })),
  };
}

const V = 'catalogue:validation';

/** What the gazetteer refuses in the form, in Italian. */
const LISTING_PROBLEMS: ProblemTexts<ListingProblem> = {
  city_unknown: `${V}.cityUnknown`,
  postal_code_mismatch: `${V}.postalCodeMismatch`,
  service_areas_unknown: `${V}.serviceAreaUnknown`,
};

const I = 'serviceImages:errors';

/** Why a photo was refused, in Italian: beside the form's images field, or in the uploader island's answer. */
const IMAGE_PROBLEMS: ProblemTexts<ImageProblem> = {
  too_large: `${I}.tooLarge`,
  type: `${I}.type`,
  dimensions: `${I}.dimensions`,
  shape: `${I}.shape`,
  unreadable: `${I}.unreadable`,
  too_many: `${I}.tooMany`,
  too_many_pending: `${I}.tooManyPending`,
  failed: `${I}.failed`,
};

export const imageProblemText = (code: ImageProblem): string => problemText({ code }, IMAGE_PROBLEMS);

export interface ListingFormInputs {
  values: ListingFormValues;
  errors?: FormErrors;
  /** What the service refused beyond the form's rules, beside its field. */
  problems?: FieldProblems<ListingProblem>;
  missing?: Section[];
  /** Edit: the service being changed. */
  service?: { id: string; status: string; province: string; canDelete: boolean };
  images?: FormImage[];
}

export function listingFormPage(input: ListingFormInputs): ListingFormView {
  const edit = input.service;
  const mode = edit ? 'edit' : 'create';
  const heading = t(`catalogue:form.${mode}Title`);
  const path = edit ? `/services/${edit.id}/edit` : '/services';
  const values = input.values;
  const errors = formErrors(input.problems, LISTING_PROBLEMS, input.errors);
  return {
    title: heading,
    noindex: true,
    mode,
    heading,
    intro: t(`catalogue:form.${mode}Intro`),
    action: path,
    submitLabel: t(edit ? 'catalogue:form.submitEdit' : 'catalogue:form.submitCreate'),
    cancelHref: '/provider/services',
    values: {
      ...values,
      additional_costs: withEmptyRows(values.additional_costs, () => ({ name: '', type: 'fixed', amount: '' })),
      discounts: withEmptyRows(values.discounts, () => ({
        name: '',
        type: 'percentage',
        value: '',
        min_participants: '',
      })),
      requirements: withEmptyRows(values.requirements, () => ({ name: '', mandatory: false, description: '' })),
    },
    errors,
    hasErrors: Object.keys(errors).length > 0,
    missing: (input.missing ?? []).map((key) => ({ label: t(`profile:tabs.${key}`), href: `/profile?tab=${key}` })),
    province: edit?.province ?? null,
    options: options(),
    service: edit
      ? { id: edit.id, status: edit.status, canDelete: edit.canDelete, href: `/services/${edit.id}` }
      : null,
    images: input.images ?? [],
  };
}
