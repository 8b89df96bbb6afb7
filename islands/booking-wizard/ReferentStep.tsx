import {
  REFERENT_FIELDS,
  type BookingFormValues,
  type WizardIslandProps,
} from '../../src/lib/booking-wizard.shared.js';
import { REFERENT_MAX_LENGTH } from '../../src/lib/booking-fields.js';
import { Field } from './Field.js';

export interface ReferentStepProps {
  strings: WizardIslandProps['strings'];
  values: BookingFormValues;
  errors: Record<string, string>;
  update: (patch: Partial<BookingFormValues>, field?: string) => void;
}

/** Step 2 of a service not priced per head: the site referent (name, role, phone or email) instead of participants. */
export function ReferentStep({ strings: S, values, errors, update }: ReferentStepProps) {
  return (
    <>
      <p className="field__hint">{S.referentIntro}</p>
      <div className="form-grid form-grid--2">
        {REFERENT_FIELDS.map((f) => (
          <Field
            key={f}
            id={`f-${f}`}
            name={f}
            label={S[f]!}
            value={values[f]}
            onChange={(v) => update({ [f]: v }, f)}
            error={errors[f]}
            hint={f === 'referent_contact' ? S.referentContactHint : undefined}
            required
            maxLength={REFERENT_MAX_LENGTH[f]}
          />
        ))}
      </div>
    </>
  );
}
