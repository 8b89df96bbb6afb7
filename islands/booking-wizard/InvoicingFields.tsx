import type { BookingFormValues, WizardIslandProps } from '../../src/lib/booking-wizard.shared.js';
import { Field } from './Field.js';

export interface InvoicingFieldsProps {
  props: WizardIslandProps;
  invoicing: NonNullable<WizardIslandProps['invoicing']>;
  values: BookingFormValues;
  errors: Record<string, string>;
  update: (patch: Partial<BookingFormValues>, field?: string) => void;
}

/**
 * The last step of a client whose profile does not say how it receives electronic invoices: the profile's
 * "Fatturazione" fields. The server checks them as the profile does when the booking is sent, and saves them.
 */
export function InvoicingFields({ props, invoicing, values, errors, update }: InvoicingFieldsProps) {
  const S = props.strings;
  return (
    <fieldset className="wizard__invoicing">
      <legend className="booking-section__subtitle">{S.invoicingTitle}</legend>
      <p className="field__hint">{S.invoicingIntro}</p>
      <fieldset
        className={`choice-group${errors.invoicing_channel ? ' field--error' : ''}`}
        aria-describedby={errors.invoicing_channel ? 'f-invoicing_channel-error' : undefined}
      >
        <legend className="field__label">
          {S.invoicingLegend}{' '}
          <span className="field__required" aria-hidden="true">
            *
          </span>
        </legend>
        {invoicing.channels.map((c) => (
          <label key={c.value} className="choice-card">
            <input
              type="radio"
              name="invoicing_channel"
              value={c.value}
              checked={values.invoicing_channel === c.value}
              onChange={() => update({ invoicing_channel: c.value }, 'invoicing_channel')}
            />
            <span>
              <strong>{c.label}</strong>
              {c.value === 'none' ? <span className="choice-card__hint">{S.invoicingNoneHint}</span> : null}
            </span>
          </label>
        ))}
        {errors.invoicing_channel ? (
          <p className="field__error" id="f-invoicing_channel-error">
            {errors.invoicing_channel}
          </p>
        ) : null}
      </fieldset>
      <div className="form-grid form-grid--2">
        <Field
          id="f-sdi_code"
          name="sdi_code"
          label={S.sdi_code!}
          value={values.sdi_code ?? ''}
          onChange={(v) => update({ sdi_code: v }, 'sdi_code')}
          error={errors.sdi_code}
          hint={S.sdiHint}
          maxLength={7}
          inputProps={{ autoComplete: 'off' }}
        />
        <Field
          id="f-pec"
          name="pec"
          type="email"
          label={S.pec!}
          value={values.pec ?? ''}
          onChange={(v) => update({ pec: v }, 'pec')}
          error={errors.pec}
          maxLength={254}
          inputProps={{ autoComplete: 'email' }}
        />
      </div>
    </fieldset>
  );
}
