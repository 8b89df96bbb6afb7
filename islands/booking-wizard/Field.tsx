import type { InputHTMLAttributes } from 'react';

/** One field as views/partials/_field.ejs writes it: label, control, error beside it, hint. */
export function Field(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
  optional?: string | undefined;
  type?: string;
  textarea?: boolean;
  full?: boolean;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  maxLength?: number;
}) {
  const describedBy =
    [props.error ? `${props.id}-error` : '', props.hint ? `${props.id}-hint` : ''].filter(Boolean).join(' ') ||
    undefined;
  const common = {
    id: props.id,
    name: props.name,
    value: props.value,
    required: props.required,
    maxLength: props.maxLength,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className={`field${props.error ? ' field--error' : ''}${props.full ? ' field--full' : ''}`}>
      <label htmlFor={props.id}>
        {props.label}
        {props.required ? (
          <>
            {' '}
            <span className="field__required" aria-hidden="true">
              *
            </span>
          </>
        ) : null}
        {props.optional ? (
          <>
            {' '}
            <span className="field__optional">({props.optional})</span>
          </>
        ) : null}
      </label>
      {props.textarea ? (
        <textarea {...common} rows={4} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          {...props.inputProps}
          type={props.type ?? 'text'}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
      {props.error ? (
        <p className="field__error" id={`${props.id}-error`}>
          {props.error}
        </p>
      ) : null}
      {props.hint ? (
        <p className="field__hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}
