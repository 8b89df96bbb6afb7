import {
  PARTICIPANT_FIELDS,
  type ParticipantField,
  type ParticipantValues,
  type WizardIslandProps,
} from '../../src/lib/booking-wizard.shared.js';
import { PARTICIPANT_MAX_LENGTH, REQUIRED_PARTICIPANT_FIELDS } from '../../src/lib/booking-fields.js';
import { Field } from './Field.js';

export interface ParticipantsStepProps {
  strings: WizardIslandProps['strings'];
  /** The blocks shown (the first `count`) and those kept beyond a count that went down. */
  participants: ParticipantValues[];
  kept: ParticipantValues[];
  errors: Record<string, string>;
  updateParticipant: (i: number, field: ParticipantField, value: string) => void;
}

/** Step 2, Partecipanti: one block per participant of the count. */
export function ParticipantsStep({ strings: S, participants, kept, errors, updateParticipant }: ParticipantsStepProps) {
  const shown = participants.length;
  return (
    <>
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
                  maxLength={PARTICIPANT_MAX_LENGTH[f]}
                  full={f === 'special_needs'}
                />
              );
            })}
          </div>
        </fieldset>
      ))}
      {/* The blocks beyond the count travel along unseen: a server round trip keeps them too (never booked). */}
      {kept.map((p, j) =>
        PARTICIPANT_FIELDS.map((f) => (
          <input key={`${shown + j}-${f}`} type="hidden" name={`participants[${shown + j}][${f}]`} value={p[f]} />
        )),
      )}
    </>
  );
}
