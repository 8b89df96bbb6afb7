import type { BookingFormValues, ParticipantValues, WizardIslandProps } from '../../src/lib/booking-wizard.shared.js';
import { InvoicingFields } from './InvoicingFields.js';
import { date } from '../../src/lib/format.js';

/** The day as the page without a script writes it (src/pages/booking-wizard.page.ts, docs/style.md Dates). */
const dateLabel = (value: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? date(value) : value);

export interface SummaryStepProps {
  props: WizardIslandProps;
  values: BookingFormValues;
  participants: ParticipantValues[];
  /** The participants counted (the blocks shown). */
  count: number;
  errors: Record<string, string>;
  update: (patch: Partial<BookingFormValues>, field?: string) => void;
}

/** Step 3, Riepilogo: what will be booked, the participants, the invoicing data if asked and the terms, before Invia. */
export function SummaryStep({ props, values, participants, count, errors, update }: SummaryStepProps) {
  const S = props.strings;
  const place = props.chooseLocation
    ? values.location_choice
      ? S[`choice_${values.location_choice}`]
      : ''
    : (props.placeText ?? '');
  return (
    <>
      <dl className="booking-facts">
        <div>
          <dt>{S.summaryService}</dt>
          <dd>{props.listingTitle}</dd>
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
      {props.asksParticipants ? (
        <>
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
        </>
      ) : (
        <>
          <h3 className="booking-section__subtitle">{S.summaryReferent}</h3>
          <p className="wizard__referent">
            <strong>{values.referent_name}</strong> · {values.referent_role} ·{' '}
            <span className="participant-list__contact">{values.referent_contact}</span>
          </p>
        </>
      )}
      {props.invoicing ? (
        <InvoicingFields props={props} invoicing={props.invoicing} values={values} errors={errors} update={update} />
      ) : null}
      <div className="wizard__terms" role="note">
        <h3 className="wizard__terms-title">{S.termsTitle}</h3>
        <ul>
          {props.terms.map((term, i) => (
            <li key={i}>{term}</li>
          ))}
        </ul>
      </div>
    </>
  );
}
