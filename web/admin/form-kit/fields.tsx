// The admin forms' controls, bound to a useZodForm field: a label, an optional hint and required marker, the
// error text under the control, and the accessible wiring (aria-invalid, aria-describedby naming hint and error).
import type { InputHTMLAttributes, ReactNode } from "react";
import { describedBy, Field } from "../admin-ui";
import type { FieldBinding } from "./use-zod-form";

interface FieldFrame {
  field: FieldBinding;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  /** Shows the asterisk; defaults to `required`. */
  marker?: boolean;
}

function frameOf({ field, label, hint, required, marker }: FieldFrame) {
  return {
    frame: { id: field.id, label, hint, required, marker, error: field.error, invalid: field.invalid },
    aria: {
      "aria-invalid": field.invalid || undefined,
      "aria-describedby": describedBy(field.id, { hint: !!hint, error: !!field.error }),
    },
  };
}

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "value" | "onChange" | "children" | "required">;

/** A one-line input, or a textarea when `rows` is given. */
export function TextField(props: FieldFrame & InputAttributes & { rows?: number }) {
  const { field, label, hint, required, marker, rows, autoComplete = "off", ...attributes } = props;
  const { frame, aria } = frameOf(props);
  const common = { id: field.id, name: field.name, value: field.value, required, readOnly: field.readOnly, ...aria };
  return (
    <Field {...frame}>
      {rows ? (
        <textarea {...common} rows={rows} onChange={(e) => field.onChange(e.target.value)} />
      ) : (
        <input type="text" {...attributes} {...common} autoComplete={autoComplete} onChange={(e) => field.onChange(e.target.value)} />
      )}
    </Field>
  );
}

export type SelectOption = string | { value: string; label: string };

/** A select of the given options, with an optional empty first choice. */
export function SelectField(props: FieldFrame & { options: readonly SelectOption[]; placeholder?: string; className?: string }) {
  const { field, options, placeholder, className, required } = props;
  const { frame, aria } = frameOf(props);
  return (
    <Field {...frame}>
      <select
        id={field.id}
        name={field.name}
        required={required}
        value={field.value}
        onChange={(e) => field.onChange(e.target.value)}
        disabled={field.readOnly}
        className={className}
        {...aria}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => {
          const { value, label } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {label}
            </option>
          );
        })}
      </select>
    </Field>
  );
}
