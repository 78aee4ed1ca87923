import { useId } from "react";

/** A labelled text input or text area of the questionnaire. */
export function KozaField(props: {
  /** A fixed id, for a field the error list of the last step leads to. */
  id?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  multiline?: boolean;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  hint?: string;
}) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const hintId = `${id}-hint`;
  const common = {
    id,
    value: props.value,
    required: props.required,
    "aria-describedby": props.hint ? hintId : undefined,
  };
  return (
    <div className="koza-field">
      <label htmlFor={id}>
        {props.label}
        {props.required ? (
          <span className="koza-required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {props.hint ? (
        <p id={hintId} className="koza-hint">
          {props.hint}
        </p>
      ) : null}
      {props.multiline ? (
        <textarea {...common} rows={3} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={props.type ?? "text"}
          autoComplete={props.autoComplete}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </div>
  );
}
