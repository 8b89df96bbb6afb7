import {
  LOCATION_CHOICES,
  type BookingFormValues,
  type WizardIslandProps,
} from '../../src/lib/booking-wizard.shared.js';
import { Field } from './Field.js';
import { SlotFields } from './SlotFields.js';

export interface DetailsStepProps {
  props: WizardIslandProps;
  values: BookingFormValues;
  errors: Record<string, string>;
  /** Applies a change; `field` names the field whose error the change clears. */
  update: (patch: Partial<BookingFormValues>, field?: string) => void;
}

/** Step 1, Dettagli: date, time, participants, place, notes and the service's requirements. */
export function DetailsStep({ props, values, errors, update }: DetailsStepProps) {
  const S = props.strings;
  const showNoAddress =
    props.noClientAddress &&
    (props.chooseLocation ? values.location_choice === 'client_site' : props.placeText === S.place_client_site);
  return (
    <>
      <div className="form-grid form-grid--2">
        {props.slots ? (
          <SlotFields props={props} slots={props.slots} values={values} errors={errors} update={update} />
        ) : (
          <>
            <Field
              id="f-requested_date"
              name="requested_date"
              type="date"
              label={S.date!}
              value={values.requested_date}
              onChange={(v) => update({ requested_date: v }, 'requested_date')}
              error={errors.requested_date}
              required
              inputProps={{ min: props.today, max: props.maxDate }}
            />
            <Field
              id="f-requested_time"
              name="requested_time"
              type="time"
              label={S.time!}
              value={values.requested_time}
              onChange={(v) => update({ requested_time: v }, 'requested_time')}
              error={errors.requested_time}
              required
              inputProps={{ step: 300 }}
            />
          </>
        )}
        <Field
          id="f-participants_count"
          name="participants_count"
          type="number"
          label={S.participants!}
          value={values.participants_count}
          onChange={(v) => update({ participants_count: v }, 'participants_count')}
          error={errors.participants_count}
          hint={S.participantsHint}
          required
          inputProps={{ min: 1, max: props.maxParticipants, step: 1, inputMode: 'numeric' }}
        />
      </div>

      {props.chooseLocation ? (
        <fieldset className={`choice-group wizard__choices${errors.location_choice ? ' field--error' : ''}`}>
          <legend className="field__label">
            {S.location}{' '}
            <span className="field__required" aria-hidden="true">
              *
            </span>
          </legend>
          {LOCATION_CHOICES.map((choice) => (
            <label key={choice} className="choice-card">
              <input
                type="radio"
                name="location_choice"
                value={choice}
                checked={values.location_choice === choice}
                onChange={() => update({ location_choice: choice }, 'location_choice')}
              />{' '}
              <strong>{S[`choice_${choice}`]}</strong>
            </label>
          ))}
          {errors.location_choice ? <p className="field__error">{errors.location_choice}</p> : null}
        </fieldset>
      ) : (
        <p className="wizard__place">
          <span className="wizard__place-label">{S.placeLabel}:</span> {props.placeText}
        </p>
      )}
      {showNoAddress ? (
        <p className="alert alert--info wizard__notice">
          {S.noClientAddress} <a href="/profile?tab=address">{S.completeProfile}</a>
        </p>
      ) : null}

      <Field
        id="f-client_notes"
        name="client_notes"
        textarea
        label={S.notes!}
        value={values.client_notes}
        onChange={(v) => update({ client_notes: v }, 'client_notes')}
        error={errors.client_notes}
        hint={S.notesHint}
        optional={S.optional}
        maxLength={props.notesMax}
      />

      {props.requirements.length > 0 ? (
        <fieldset
          className={`wizard__requirements${errors.special_requirements ? ' field--error' : ''}`}
          aria-describedby="requirements-hint"
        >
          <legend className="field__label">{S.requirements}</legend>
          <p className="field__hint" id="requirements-hint">
            {S.requirementsHint}
          </p>
          {props.requirements.map((r) => (
            <label key={r.name} className="checkbox wizard__requirement">
              <input
                type="checkbox"
                name="special_requirements"
                value={r.name}
                checked={values.special_requirements.includes(r.name)}
                required={r.mandatory}
                onChange={(e) =>
                  update(
                    {
                      special_requirements: e.target.checked
                        ? [...values.special_requirements, r.name]
                        : values.special_requirements.filter((n) => n !== r.name),
                    },
                    'special_requirements',
                  )
                }
              />
              <span>
                <span className="wizard__requirement-name">
                  {r.name}
                  {r.mandatory ? (
                    <>
                      {' '}
                      <span className="field__required" title={S.mandatory}>
                        *
                      </span>
                    </>
                  ) : null}
                </span>
                {r.description ? <span className="wizard__requirement-description">{r.description}</span> : null}
              </span>
            </label>
          ))}
          {errors.special_requirements ? <p className="field__error">{errors.special_requirements}</p> : null}
        </fieldset>
      ) : null}
    </>
  );
}
