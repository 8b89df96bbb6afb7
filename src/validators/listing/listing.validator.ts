import { CATEGORY_IDS, type CategoryId } from '../../lib/categories.js';
import { CERTIFICATION_SUGGESTIONS, PROFILE_LANGUAGES } from '../../lib/profile-options.js';
import {
  AVAILABILITIES,
  LOCATION_TYPES,
  PRICING_UNITS,
  LISTING_TYPES,
  type Availability,
  type LocationType,
  type PricingUnit,
  type ListingType,
} from '../../lib/listing-options.js';
import { TRAINING_KINDS, TRAINING_SCOPES, type TrainingKind, type TrainingScope } from '../../lib/training-kinds.js';
import { Joi, formKeyField, multiline, optionalText, requiredText } from '../fields.js';
import { validate, type FormErrors } from '../validate.js';
import { splitList, type ListingFormValues } from './listing-form.js';

const V = 'catalogue:validation';

/** A price row: a fixed amount in euro, or a percentage of the running total (docs/product.md §9). */
export interface PriceRule {
  name: string;
  type: 'fixed' | 'percentage';
  /** Euro for fixed rows, percent (0-100) for percentage rows; at most two decimals. */
  amount: number;
  /** A discount's condition: it applies from this many participants (1: always). */
  minParticipants?: number;
}

/** The form's content once every rule of docs/product.md §5 holds; the gazetteer checks follow in the service. */
export interface ListingFormInput {
  formKey: string;
  title: string;
  description: string;
  detailedDescription: string | null;
  category: CategoryId;
  subcategory: string | null;
  listingType: ListingType;
  availability: Availability;
  basePriceCents: number;
  pricingUnit: PricingUnit;
  additionalCosts: PriceRule[];
  discounts: PriceRule[];
  address: string | null;
  /** As typed: "Bergamo", "Bergamo (BG)"; the service resolves it in the gazetteer. */
  city: string;
  postalCode: string | null;
  serviceAreaNames: string[];
  locationType: LocationType;
  durationHours: number | null;
  maxParticipants: number | null;
  deliverables: string[];
  requirements: { name: string; mandatory: boolean; description: string | null }[];
  certificationsProvided: string[];
  languages: string[];
  tags: string[];
  trainingKind: TrainingKind | null;
  trainingScope: TrainingScope | null;
}

const MAX_LIST = 30;
const MAX_PRICE_CENTS = 99_999_999; // under a million euro

/** "250", "99,50", "99.5" -> cents; negative, over two decimals and non-numbers are told apart. */
function priceCents(text: string): number | 'negative' | 'step' | 'invalid' {
  const s = text.trim().replace(/\s/g, '').replace(',', '.');
  if (/^-\d+(\.\d+)?$/.test(s)) return 'negative';
  if (/^\d+\.\d{3,}$/.test(s)) return 'step';
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(s)) return 'invalid';
  const [whole = '0', frac = ''] = s.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return cents > MAX_PRICE_CENTS ? 'invalid' : cents;
}

const basePrice = Joi.string()
  .trim()
  .required()
  .custom((value: string, helpers) => {
    const cents = priceCents(value);
    if (cents === 'negative') return helpers.error('number.min');
    if (cents === 'step') return helpers.error('number.precision');
    if (cents === 'invalid') return helpers.error('number.base');
    return cents;
  })
  .messages({
    'any.required': `${V}.basePriceRequired`,
    'string.empty': `${V}.basePriceRequired`,
    'number.min': `${V}.basePriceMin`,
    'number.precision': `${V}.basePriceStep`,
    'number.base': `${V}.basePriceInvalid`,
  });

const choice = (values: readonly string[], requiredKey: string, invalidKey = requiredKey) =>
  Joi.string()
    .trim()
    .required()
    .valid(...values)
    .messages({ 'any.required': requiredKey, 'string.empty': requiredKey, 'any.only': invalidKey });

/** Whole numbers from 1, or empty (null): duration and participants. */
const countField = (minKey: string, invalidKey: string) =>
  Joi.string()
    .trim()
    .empty('')
    .default(null)
    .custom((value: string, helpers) => {
      if (!/^-?\d{1,6}$/.test(value)) return helpers.error('number.base');
      return Number(value) < 1 ? helpers.error('number.min') : Number(value);
    })
    .messages({ 'number.min': minKey, 'number.base': invalidKey });

/** A discount's condition: from how many participants (empty: always). */
const minCount = countField(`${V}.discountMinParticipantsInvalid`, `${V}.discountMinParticipantsInvalid`);

const priceRule = (nameKey: string, amountField: 'amount' | 'value') =>
  Joi.object({
    name: requiredText(100, nameKey),
    type: Joi.string()
      .valid('fixed', 'percentage')
      .required()
      .messages({
        'any.only': `${V}.typeInvalid`,
        'any.required': `${V}.typeInvalid`,
        'string.empty': `${V}.typeInvalid`,
      }),
    [amountField]: Joi.string()
      .trim()
      .required()
      .custom((value: string, helpers) => {
        const cents = priceCents(value);
        if (typeof cents !== 'number') return helpers.error('number.base');
        const percent = (helpers.state.ancestors as Record<string, unknown>[])[0]?.type === 'percentage';
        if (percent && cents > 10_000) return helpers.error('number.max');
        return cents / 100;
      })
      .messages({
        'any.required': `${V}.amountInvalid`,
        'string.empty': `${V}.amountInvalid`,
        'number.base': `${V}.amountInvalid`,
        'number.max': `${V}.percentageInvalid`,
      }),
  });

const schema = Joi.object({
  form_key: formKeyField(`${V}.formExpired`)
    .guid()
    .messages({ 'string.guid': `${V}.formExpired` }),
  title: requiredText(200, `${V}.titleRequired`),
  description: requiredText(1000, `${V}.descriptionRequired`, { lines: true }),
  detailed_description: optionalText(10_000, { lines: true }),
  category: choice(CATEGORY_IDS, `${V}.categoryRequired`),
  subcategory: optionalText(200),
  service_type: choice(LISTING_TYPES, `${V}.serviceTypeRequired`),
  availability: Joi.string()
    .trim()
    .empty('')
    .default('on_request')
    .valid(...AVAILABILITIES)
    .messages({ 'any.only': `${V}.availabilityInvalid` }),
  base_price: basePrice,
  pricing_unit: choice(PRICING_UNITS, `${V}.pricingUnitRequired`),
  additional_costs: Joi.array().items(priceRule(`${V}.costNameRequired`, 'amount')),
  discounts: Joi.array().items(priceRule(`${V}.discountNameRequired`, 'value').keys({ min_participants: minCount })),
  location: Joi.object({
    address: optionalText(200),
    city: requiredText(120, `${V}.cityRequired`),
    postal_code: Joi.string()
      .trim()
      .empty('')
      .default(null)
      .pattern(/^\d{5}$/)
      .messages({ 'string.pattern.base': `${V}.postalCodeInvalid` }),
  }),
  service_areas: Joi.array()
    .items(Joi.string().max(100).messages({ 'string.max': 'validation:tooLong' }))
    .max(MAX_LIST)
    .messages({ 'array.max': `${V}.tooMany` }),
  location_type: choice(LOCATION_TYPES, `${V}.locationTypeInvalid`),
  duration_hours: countField(`${V}.durationMin`, `${V}.durationInvalid`),
  max_participants: countField(`${V}.maxParticipantsMin`, `${V}.maxParticipantsInvalid`),
  deliverables: Joi.array()
    .items(Joi.string().max(200).messages({ 'string.max': 'validation:tooLong' }))
    .max(MAX_LIST)
    .messages({ 'array.max': `${V}.tooMany` }),
  requirements: Joi.array().items(
    Joi.object({
      name: requiredText(200, `${V}.requirementNameRequired`),
      mandatory: Joi.boolean(),
      description: multiline(Joi.string()).trim().max(1000).empty('').default(null).messages({
        'string.max': 'validation:tooLong',
      }),
    }),
  ),
  certifications_provided: Joi.array()
    .items(Joi.string().max(100).messages({ 'string.max': 'validation:tooLong' }))
    .max(MAX_LIST)
    .messages({ 'array.max': `${V}.tooMany` }),
  languages: Joi.array()
    .items(
      Joi.string()
        .valid(...PROFILE_LANGUAGES)
        .messages({ 'any.only': `${V}.languageInvalid` }),
    )
    .min(1)
    .messages({ 'array.min': 'validation:profile.languagesRequired' }),
  tags: Joi.array()
    .items(Joi.string().max(50).messages({ 'string.max': 'validation:tooLong' }))
    .max(MAX_LIST)
    .messages({ 'array.max': `${V}.tooMany` }),
  training_kind: Joi.string()
    .trim()
    .empty('')
    .default(null)
    .valid(...TRAINING_KINDS)
    .messages({ 'any.only': 'editions:validation.trainingKindInvalid' }),
  // Required once a kind is chosen; ignored (null) without one.
  training_scope: Joi.when('training_kind', {
    is: Joi.string().required(),
    then: choice(TRAINING_SCOPES, 'editions:validation.trainingScopeRequired'),
    otherwise: Joi.any().strip(),
  }),
});

/** Lists are typed as text: they are split before the schema sees them; their errors belong to the text field. */
const LIST_FIELDS = ['service_areas', 'deliverables', 'certifications_provided', 'tags'];
export type ListingValidation = { ok: true; value: ListingFormInput } | { ok: false; errors: FormErrors };

export function validateListingForm(values: ListingFormValues): ListingValidation {
  const certifications = [
    ...values.certifications_provided.filter((c) => (CERTIFICATION_SUGGESTIONS as readonly string[]).includes(c)),
    ...splitList(values.certifications_other),
  ];
  const result = validate(schema, {
    ...values,
    service_areas: splitList(values.service_areas, /[,;\n]+/).map((n) => n.replace(/\s*\([A-Za-z]{2}\)\s*$/, '')),
    deliverables: splitList(values.deliverables, /\n/),
    certifications_provided: [...new Set(certifications)],
    tags: splitList(values.tags),
  });
  if (!result.ok) {
    const errors: FormErrors = {};
    for (const [path, message] of Object.entries(result.errors)) {
      const [head = ''] = path.split('.');
      const key = LIST_FIELDS.includes(head)
        ? head === 'certifications_provided'
          ? 'certifications_other'
          : head
        : path;
      errors[key] ??= message;
    }
    return { ok: false, errors };
  }
  return { ok: true, value: toInput(result.value as Record<string, unknown>) };
}

function toInput(v: Record<string, unknown>): ListingFormInput {
  const listingType = v.service_type as ListingType;
  const location = v.location as { address: string | null; city: string; postal_code: string | null };
  const rules = (rows: unknown, field: 'amount' | 'value'): PriceRule[] =>
    ((rows as Record<string, unknown>[] | undefined) ?? []).map((r) => ({
      name: r.name as string,
      type: r.type as PriceRule['type'],
      amount: r[field] as number,
      ...(field === 'value' ? { minParticipants: (r.min_participants as number | null) ?? 1 } : {}),
    }));
  return {
    formKey: v.form_key as string,
    title: v.title as string,
    description: v.description as string,
    detailedDescription: v.detailed_description as string | null,
    category: v.category as CategoryId,
    subcategory: v.subcategory as string | null,
    listingType: listingType,
    // docs/product.md §4: an instant service shows as immediate whatever was chosen.
    availability: listingType === 'instant' ? 'immediate' : (v.availability as Availability),
    basePriceCents: v.base_price as number,
    pricingUnit: v.pricing_unit as PricingUnit,
    additionalCosts: rules(v.additional_costs, 'amount'),
    discounts: rules(v.discounts, 'value'),
    address: location.address,
    city: location.city,
    postalCode: location.postal_code,
    serviceAreaNames: (v.service_areas as string[] | undefined) ?? [],
    locationType: v.location_type as LocationType,
    durationHours: v.duration_hours as number | null,
    maxParticipants: v.max_participants as number | null,
    deliverables: (v.deliverables as string[] | undefined) ?? [],
    requirements: ((v.requirements as ListingFormInput['requirements'] | undefined) ?? []).map((r) => ({
      name: r.name,
      mandatory: r.mandatory === true,
      description: r.description,
    })),
    certificationsProvided: (v.certifications_provided as string[] | undefined) ?? [],
    languages: v.languages as string[],
    tags: (v.tags as string[] | undefined) ?? [],
    trainingKind: (v.training_kind as TrainingKind | null) ?? null,
    trainingScope: v.training_kind ? (v.training_scope as TrainingScope) : null,
  };
}
