import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  keepParticipants,
  participantCount,
  type BookingFormValues,
  type ParticipantField,
  type ParticipantRegisterField,
  type ParticipantValues,
  type WizardIslandProps,
  type WizardStep,
} from '../../src/lib/booking-wizard.shared.js';
import { romeLocal } from '../../src/lib/booking-time.js';
import { detailsErrors, participantErrors, referentErrors, stepOfError } from '../../src/lib/booking-fields.js';
import { CostPanel } from './CostPanel.js';
import { listingPrice } from '../../src/lib/pricing.js';
import { formatEuro as money } from '../../src/lib/money.js';
import { DetailsStep } from './DetailsStep.js';
import { ParticipantsStep } from './ParticipantsStep.js';
import { ReferentStep } from './ReferentStep.js';
import { SummaryStep } from './SummaryStep.js';

type Errors = Record<string, string>;

/**
 * The server's checks of src/lib/booking-fields.ts before Continua, worded with the island's strings (the
 * server checks everything again when the booking is sent: these only spare a round trip). Today is the
 * later of the server's and this browser's clock in Rome, so a page left open past midnight still knows.
 */
function check(
  values: BookingFormValues,
  participants: BookingFormValues['participants'],
  props: WizardIslandProps,
  last: WizardStep,
): Errors {
  const local = romeLocal(new Date());
  const today = local.date > props.today ? local.date : props.today;
  const codes: Errors = detailsErrors(values, {
    today,
    nowTime: local.date === today ? local.time : '',
    maxDate: props.maxDate,
    maxParticipants: props.maxParticipants,
    requirements: props.requirements,
    chooseLocation: props.chooseLocation,
  });
  if (last >= 2 && props.asksParticipants) {
    participants.forEach((p, i) => {
      for (const [field, code] of Object.entries(participantErrors(p, props.forWorkers)))
        codes[`participants.${i}.${field}`] = code;
    });
  }
  if (last >= 2 && !props.asksParticipants) Object.assign(codes, referentErrors(values));
  return Object.fromEntries(Object.entries(codes).map(([field, code]) => [field, props.strings[code] ?? code]));
}

/**
 * The participant blocks follow the count (docs/product.md §2), keeping what was typed: the state keeps every block
 * typed, also beyond a count that went down on the way ("12" typed over "3" passes through "1"); only the
 * first `count` are shown, checked and booked.
 */
function resized(values: BookingFormValues, max: number, forWorkers: boolean): BookingFormValues {
  const count = participantCount(values.participants_count, max);
  return count === null
    ? values
    : { ...values, participants: keepParticipants(values.participants, count, forWorkers) };
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
  const [values, setValues] = useState<BookingFormValues>(() =>
    resized(props.values, props.maxParticipants, props.forWorkers),
  );
  // How many blocks show: the count typed, or the last valid one while it is being typed ("" on the way to "12").
  const [shown, setShown] = useState<number>(
    () =>
      participantCount(props.values.participants_count, props.maxParticipants) ??
      Math.max(1, props.values.participants.length),
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
    const count =
      patch.participants_count === undefined ? null : participantCount(patch.participants_count, props.maxParticipants);
    if (count !== null) setShown(count);
    setValues((v) => resized({ ...v, ...patch }, props.maxParticipants, props.forWorkers));
    if (field) setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const updateParticipant = (i: number, field: ParticipantField | ParticipantRegisterField, value: string): void => {
    setValues((v) => ({ ...v, participants: v.participants.map((p, j) => (j === i ? { ...p, [field]: value } : p)) }));
    setErrors(({ [`participants.${i}.${field}`]: _dropped, ...rest }) => rest);
  };

  /** A row chosen from the register: name, codice fiscale and email at once, their errors gone. */
  const replaceParticipant = (i: number, row: ParticipantValues): void => {
    setValues((v) => ({ ...v, participants: v.participants.map((p, j) => (j === i ? row : p)) }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith(`participants.${i}.`))));
  };

  const participants = values.participants.slice(0, shown);
  const kept = values.participants.slice(shown);
  const checkUpTo = (last: WizardStep): Errors => check(values, participants, props, last);

  const next = (): void => {
    const found = checkUpTo(step);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      moved.current = true;
      setStep(stepOfError(first));
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
      go(stepOfError(Object.keys(found)[0]!));
      return;
    }
    // The real form goes to the server; the button says "Invio in corso..." and a second click does nothing.
    setSubmitting(true);
  };

  const count = shown;
  const hasErrors = Object.keys(errors).length > 0;

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
          <legend
            className="wizard__legend"
            tabIndex={-1}
            ref={step === 1 ? (el) => void (heading.current = el) : undefined}
          >
            {S.detailsTitle}
          </legend>
          <DetailsStep props={props} values={values} errors={errors} update={update} />
        </fieldset>

        <fieldset className="wizard__step" hidden={step !== 2}>
          <legend
            className="wizard__legend"
            tabIndex={-1}
            ref={step === 2 ? (el) => void (heading.current = el) : undefined}
          >
            {props.asksParticipants ? S.participantsTitle : S.referentTitle}
          </legend>
          {props.asksParticipants ? (
            <ParticipantsStep
              strings={S}
              participants={participants}
              kept={kept}
              errors={errors}
              updateParticipant={updateParticipant}
              workers={props.workers}
              forWorkers={props.forWorkers}
              replaceParticipant={replaceParticipant}
            />
          ) : (
            <ReferentStep strings={S} values={values} errors={errors} update={update} />
          )}
        </fieldset>

        <section className="wizard__step" hidden={step !== 3} aria-labelledby="summary-title">
          <h2
            id="summary-title"
            className="wizard__legend"
            tabIndex={-1}
            ref={step === 3 ? (el) => void (heading.current = el) : undefined}
          >
            {S.summaryTitle}
          </h2>
          <SummaryStep
            props={props}
            values={values}
            participants={participants}
            count={count}
            errors={errors}
            update={update}
          />
        </section>

        {/* The bar of every step: the total, then one primary action (first in the form: Enter continues). */}
        <div className="wizard__buttons">
          <p className="wizard__total" aria-live="polite">
            <span className="wizard__total-label">
              {S.costsTotal} <span className="wizard__total-note">{S.costsTotalNote}</span>
            </span>{' '}
            <strong className="wizard__total-amount">
              {money(listingPrice(props.pricing, count).totalAmountCents)}
            </strong>
          </p>
          {step < 3 ? (
            <button type="submit" name="action" value="next" className="button button--primary wizard__primary">
              {S.continue}
            </button>
          ) : (
            <button
              type="submit"
              name="action"
              value="submit"
              className="button button--accent wizard__primary"
              aria-disabled={submitting ? true : undefined}
            >
              {submitting ? S.submitting : S.submit}
            </button>
          )}
          {step > 1 ? (
            <button
              type="button"
              className="button button--ghost wizard__back"
              onClick={() => go((step - 1) as WizardStep)}
              disabled={submitting}
            >
              {S.back}
            </button>
          ) : null}
        </div>
      </form>

      <CostPanel props={props} participants={count} />
    </div>
  );
}
