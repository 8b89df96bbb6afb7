import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  LOCATION_CHOICES,
  PARTICIPANT_FIELDS,
  keepParticipants,
  participantCount,
  type BookingFormValues,
  type ParticipantField,
  type WizardIslandProps,
  type WizardStep,
} from '../../src/lib/booking-wizard.shared.js';
import { CostPanel } from './CostPanel.js';
import { Field } from './Field.js';
import { checkDetails, checkParticipants, stepOf, type Errors } from './rules.js';

const longDate = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dateLabel = (value: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? longDate.format(new Date(`${value}T12:00:00Z`)) : value);

const REQUIRED_PARTICIPANT_FIELDS: readonly ParticipantField[] = ['first_name', 'last_name', 'email'];
const MAX_LENGTH: Record<ParticipantField, number> = {
  first_name: 100,
  last_name: 100,
  email: 254,
  phone: 30,
  role: 100,
  department: 100,
  special_needs: 500,
};

/**
 * The participant blocks follow the count (SPEC §2), keeping what was typed: the state keeps every block
 * typed, also beyond a count that went down on the way ("12" typed over "3" passes through "1"); only the
 * first `count` are shown, checked and booked.
 */
function resized(values: BookingFormValues, max: number): BookingFormValues {
  const count = participantCount(values.participants_count, max);
  return count === null ? values : { ...values, participants: keepParticipants(values.participants, count) };
}

/**
 * The booking wizard with JavaScript: the three steps of the server's form on one page, checked step by
 * step, the cost panel following the participants. The final button submits the real form (the server
 * validates again and creates the booking); the server's answer, errors included, comes back as a page
 * this island mounts on again.
 */
export function Wizard({ props }: { props: WizardIslandProps }) {
  const S = props.strings;
  const [step, setStep] = useState<WizardStep>(props.step);
  const [values, setValues] = useState<BookingFormValues>(() => resized(props.values, props.maxParticipants));
  // How many blocks show: the count typed, or the last valid one while it is being typed ("" on the way to "12").
  const [shown, setShown] = useState<number>(
    () => participantCount(props.values.participants_count, props.maxParticipants) ?? Math.max(1, props.values.participants.length),
  );
  const [errors, setErrors] = useState<Errors>(props.errors);
  const [submitting, setSubmitting] = useState(false);
  const heading = useRef<HTMLHeadingElement | HTMLLegendElement | null>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    heading.current?.focus();
    heading.current?.closest('form')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [step]);

  const go = (next: WizardStep): void => {
    moved.current = true;
    setStep(next);
  };

  const update = (patch: Partial<BookingFormValues>, field?: string): void => {
    const count = patch.participants_count === undefined ? null : participantCount(patch.participants_count, props.maxParticipants);
    if (count !== null) setShown(count);
    setValues((v) => resized({ ...v, ...patch }, props.maxParticipants));
    if (field) setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const updateParticipant = (i: number, field: ParticipantField, value: string): void => {
    setValues((v) => ({ ...v, participants: v.participants.map((p, j) => (j === i ? { ...p, [field]: value } : p)) }));
    setErrors(({ [`participants.${i}.${field}`]: _dropped, ...rest }) => rest);
  };

  const participants = values.participants.slice(0, shown);
  const kept = values.participants.slice(shown);

  const checkUpTo = (last: WizardStep): Errors => ({
    ...checkDetails(values, props),
    ...(last >= 2 ? checkParticipants({ ...values, participants }, props) : {}),
  });

  const next = (): void => {
    const found = checkUpTo(step);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      moved.current = true;
      setStep(stepOf(first));
      return;
    }
    go(Math.min(3, step + 1) as WizardStep);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitting || step !== 3 || submitter?.value !== 'submit') {
      event.preventDefault();
      if (step < 3 && !submitting) next();
      return;
    }
    const found = checkUpTo(3);
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setErrors(found);
      go(stepOf(Object.keys(found)[0]!));
      return;
    }
    // The real form goes to the server; the button says "Invio in corso..." and a second click does nothing.
    setSubmitting(true);
  };

  const count = shown;
  const hasErrors = Object.keys(errors).length > 0;
  const place = props.chooseLocation
    ? values.location_choice
      ? S[`choice_${values.location_choice}`]
      : ''
    : (props.placeText ?? '');
  const showNoAddress =
    props.noClientAddress && (props.chooseLocation ? values.location_choice === 'client_site' : props.placeText === S.place_client_site);

  return (
    <div className="wizard-layout">
      <form method="post" action={props.action} className="card wizard" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="_csrf" value={props.csrfToken} />
        <input type="hidden" name="idempotency_key" value={values.idempotency_key} />
        <input type="hidden" name="step" value={step} />

        <ol className="steps wizard__steps" aria-label={S.stepsLabel}>
          {[S.step1, S.step2, S.step3].map((name, i) => (
            <li key={i} className={i + 1 < step ? 'is-done' : ''} aria-current={i + 1 === step ? 'step' : undefined}>
              {name}
            </li>
          ))}
        </ol>

        {errors.idempotency_key ? (
          <div className="alert alert--error" role="alert">
            {errors.idempotency_key}
          </div>
        ) : hasErrors ? (
          <div className="alert alert--error" role="alert">
            {S.errorSummary}
          </div>
        ) : null}

        <fieldset className="wizard__step" hidden={step !== 1}>
          <legend className="wizard__legend" tabIndex={-1} ref={step === 1 ? (el) => void (heading.current = el) : undefined}>
            {S.detailsTitle}
          </legend>
          <div className="form-grid form-grid--2">
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
        </fieldset>

        <fieldset className="wizard__step" hidden={step !== 2}>
          <legend className="wizard__legend" tabIndex={-1} ref={step === 2 ? (el) => void (heading.current = el) : undefined}>
            {S.participantsTitle}
          </legend>
          {participants.map((p, i) => (
            <fieldset key={i} className="fieldset wizard__participant">
              <legend>{S.participantBlock!.replace('{n}', String(i + 1))}</legend>
              <div className="form-grid form-grid--2">
                {PARTICIPANT_FIELDS.map((f) => {
                  const required = REQUIRED_PARTICIPANT_FIELDS.includes(f);
                  return (
                    <Field
                      key={f}
                      id={`p-${i}-${f}`}
                      name={`participants[${i}][${f}]`}
                      type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
                      label={S[f]!}
                      value={p[f]}
                      onChange={(v) => updateParticipant(i, f, v)}
                      error={errors[`participants.${i}.${f}`]}
                      required={required}
                      optional={required ? undefined : S.optional}
                      maxLength={MAX_LENGTH[f]}
                      full={f === 'special_needs'}
                    />
                  );
                })}
              </div>
            </fieldset>
          ))}
          {/* The blocks beyond the count travel along unseen: a server round trip keeps them too (never booked). */}
          {kept.map((p, j) =>
            PARTICIPANT_FIELDS.map((f) => <input key={`${shown + j}-${f}`} type="hidden" name={`participants[${shown + j}][${f}]`} value={p[f]} />),
          )}
        </fieldset>

        <section className="wizard__step" hidden={step !== 3} aria-labelledby="summary-title">
          <h2 id="summary-title" className="wizard__legend" tabIndex={-1} ref={step === 3 ? (el) => void (heading.current = el) : undefined}>
            {S.summaryTitle}
          </h2>
          <dl className="booking-facts">
            <div>
              <dt>{S.summaryService}</dt>
              <dd>{props.serviceTitle}</dd>
            </div>
            <div>
              <dt>{S.summaryProvider}</dt>
              <dd>{props.providerName}</dd>
            </div>
            <div>
              <dt>{S.summaryDate}</dt>
              <dd>{dateLabel(values.requested_date)}</dd>
            </div>
            <div>
              <dt>{S.summaryTime}</dt>
              <dd>{values.requested_time.slice(0, 5)}</dd>
            </div>
            <div>
              <dt>{S.summaryParticipants}</dt>
              <dd>{count}</dd>
            </div>
            <div>
              <dt>{S.summaryPlace}</dt>
              <dd>{place}</dd>
            </div>
            {values.client_notes.trim() ? (
              <div className="booking-facts__wide">
                <dt>{S.summaryNotes}</dt>
                <dd className="booking-notes">{values.client_notes}</dd>
              </div>
            ) : null}
            {values.special_requirements.length > 0 ? (
              <div className="booking-facts__wide">
                <dt>{S.summaryRequirements}</dt>
                <dd>{values.special_requirements.join(', ')}</dd>
              </div>
            ) : null}
          </dl>
          <h3 className="booking-section__subtitle">{S.summaryParticipantList}</h3>
          <ol className="participant-list participant-list--compact">
            {participants.map((p, i) => (
              <li key={i}>
                <strong>
                  {p.first_name} {p.last_name}
                </strong>{' '}
                <span className="participant-list__contact">{p.email}</span>
              </li>
            ))}
          </ol>
          <div className="wizard__terms" role="note">
            <h3 className="wizard__terms-title">{S.termsTitle}</h3>
            <ul>
              <li>{S.termsConfirmation}</li>
              <li>{S.termsType}</li>
              <li>{S.termsPayment}</li>
              <li>{S.termsCancellation}</li>
            </ul>
          </div>
        </section>

        <div className="wizard__buttons">
          {step < 3 ? (
            <button type="submit" name="action" value="next" className="button button--primary">
              {S.continue}
            </button>
          ) : (
            <button
              type="submit"
              name="action"
              value="submit"
              className="button button--accent button--lg"
              aria-disabled={submitting ? true : undefined}
            >
              {submitting ? S.submitting : S.submit}
            </button>
          )}
          {step > 1 ? (
            <button type="button" className="button button--secondary" onClick={() => go((step - 1) as WizardStep)} disabled={submitting}>
              {S.back}
            </button>
          ) : null}
        </div>
      </form>

      <CostPanel props={props} participants={count} />
    </div>
  );
}
