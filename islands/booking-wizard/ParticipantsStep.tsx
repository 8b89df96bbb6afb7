import {
  PARTICIPANT_FIELDS,
  PARTICIPANT_REGISTER_FIELDS,
  fillFromWorker,
  type ParticipantField,
  type ParticipantRegisterField,
  type ParticipantValues,
  type WizardIslandProps,
} from '../../src/lib/booking-wizard.shared.js';
import { PARTICIPANT_MAX_LENGTH, requiredParticipantFields } from '../../src/lib/booking-fields.js';
import { Field } from './Field.js';

export interface ParticipantsStepProps {
  strings: WizardIslandProps['strings'];
  /** The blocks shown (the first `count`) and those kept beyond a count that went down. */
  participants: ParticipantValues[];
  kept: ParticipantValues[];
  errors: Record<string, string>;
  updateParticipant: (i: number, field: ParticipantField | ParticipantRegisterField, value: string) => void;
  /** The client's register of workers: a row chosen from it takes the worker's name and codice fiscale. */
  workers: WizardIslandProps['workers'];
  /** A mandatory training course: codice fiscale required, email optional, "Aggiungi al registro" on. */
  forWorkers: boolean;
  replaceParticipant: (i: number, p: ParticipantValues) => void;
}

/** Step 2, Partecipanti: one block per participant of the count. */
export function ParticipantsStep(props: ParticipantsStepProps) {
  const { strings: S, participants, kept, errors, updateParticipant, workers, forWorkers } = props;
  const shown = participants.length;
  const required = requiredParticipantFields(forWorkers);
  const choose = (i: number, p: ParticipantValues, id: string): void => {
    const w = workers.find((x) => x.id === id);
    props.replaceParticipant(
      i,
      w ? fillFromWorker(p, w) : { ...p, worker_id: '', add_to_register: forWorkers ? '1' : p.add_to_register },
    );
  };
  return (
    <>
      {forWorkers ? <p className="field__hint wizard__workers-intro">{S.workersIntro}</p> : null}
      {participants.map((p, i) => (
        <fieldset key={i} className="fieldset wizard__participant">
          <legend>{S.participantBlock!.replace('{n}', String(i + 1))}</legend>
          {workers.length > 0 && (
            <div className="field">
              <label htmlFor={`p-${i}-worker_id`}>{S.worker_id}</label>
              <select
                id={`p-${i}-worker_id`}
                name={`participants[${i}][worker_id]`}
                value={p.worker_id}
                onChange={(e) => choose(i, p, e.target.value)}
                aria-describedby={`p-${i}-worker_id-hint`}
              >
                <option value="">{S.workerNone}</option>
                {workers.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.label}
                  </option>
                ))}
              </select>
              <p className="field__hint" id={`p-${i}-worker_id-hint`}>
                {S.workerHint}
              </p>
            </div>
          )}
          <div className="form-grid form-grid--2">
            {PARTICIPANT_FIELDS.map((f) => {
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
                  required={required.includes(f)}
                  optional={required.includes(f) ? undefined : S.optional}
                  maxLength={PARTICIPANT_MAX_LENGTH[f]}
                  full={f === 'special_needs'}
                />
              );
            })}
          </div>
          {!p.worker_id && (
            <label className="checkbox wizard__add-to-register">
              <input
                type="checkbox"
                name={`participants[${i}][add_to_register]`}
                value="1"
                checked={Boolean(p.add_to_register)}
                onChange={(e) => updateParticipant(i, 'add_to_register', e.target.checked ? '1' : '')}
              />{' '}
              <span>{S.add_to_register}</span>
            </label>
          )}
        </fieldset>
      ))}
      {/* The blocks beyond the count travel along unseen: a server round trip keeps them too (never booked). */}
      {kept.map((p, j) =>
        [...PARTICIPANT_FIELDS, ...PARTICIPANT_REGISTER_FIELDS].map((f) => (
          <input key={`${shown + j}-${f}`} type="hidden" name={`participants[${shown + j}][${f}]`} value={p[f]} />
        )),
      )}
    </>
  );
}
