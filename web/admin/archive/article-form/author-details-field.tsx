// The authors' affiliations and ORCID iDs (docs/decisions/0100): one row per author of the author name field, in
// its order, each with an optional affiliation, its ROR id (issue 51) and ORCID iD; the value is the JSON array the API takes.
import { Field } from "../../admin-ui";
import type { FieldBinding } from "../../form-kit";
import { parseAuthorDetails, splitAuthors, type AuthorDetail } from "#contract/scholarly";

export function AuthorDetailsField(props: { field: FieldBinding; label: string; required: boolean; authorname: string }) {
  const { field } = props;
  const authors = splitAuthors(props.authorname);
  const parsed = parseAuthorDetails(field.value);
  const setDetail = (index: number, key: keyof AuthorDetail, value: string) => {
    const next: AuthorDetail[] = authors.map((_, i) => ({
      affiliation: parsed[i]?.affiliation ?? "",
      orcid: parsed[i]?.orcid ?? "",
      ror: parsed[i]?.ror ?? "",
    }));
    next[index] = { ...next[index], [key]: value };
    field.onChange(JSON.stringify(next));
  };
  if (authors.length === 0) return null;
  const errorId = `${field.id}-error`;
  return (
    <fieldset className="field author-details" aria-describedby={field.error ? errorId : undefined}>
      <legend className="field__label">
        {props.label}
        {props.required ? "" : " (optional)"}
      </legend>
      {authors.map((name, i) => (
        <div className="grid-2" key={`${i}-${name}`}>
          <p className="form__static">
            <strong>{name}</strong>
          </p>
          <Field id={`${field.id}-aff-${i}`} label={`Affiliation of ${name}`}>
            <input
              id={`${field.id}-aff-${i}`}
              value={parsed[i]?.affiliation ?? ""}
              onChange={(e) => setDetail(i, "affiliation", e.target.value)}
              readOnly={field.readOnly}
            />
          </Field>
          <Field id={`${field.id}-ror-${i}`} label={`ROR id of ${name}'s affiliation`}>
            <input
              id={`${field.id}-ror-${i}`}
              value={parsed[i]?.ror ?? ""}
              placeholder="https://ror.org/03yrm5c26"
              onChange={(e) => setDetail(i, "ror", e.target.value)}
              readOnly={field.readOnly}
            />
          </Field>
          <Field id={`${field.id}-orcid-${i}`} label={`ORCID iD of ${name}`}>
            <input
              id={`${field.id}-orcid-${i}`}
              value={parsed[i]?.orcid ?? ""}
              placeholder="0000-0002-1825-0097"
              onChange={(e) => setDetail(i, "orcid", e.target.value)}
              readOnly={field.readOnly}
            />
          </Field>
        </div>
      ))}
      {field.error && (
        <p className="field__error" id={errorId}>
          {field.error}
        </p>
      )}
    </fieldset>
  );
}
