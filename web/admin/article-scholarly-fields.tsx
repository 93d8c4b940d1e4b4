// The article form's scholarly metadata (docs/decisions/0100): DOI, language, references, and one row per author
// of the author name field (in its order) with an optional affiliation and ORCID iD.
import { describedBy, Field } from "./admin-ui";
import { parseAuthorDetails, splitAuthors, type AuthorDetail } from "../../worker/schemas/scholarly";

export interface ScholarlyValues {
  doi: string;
  language: string;
  references: string;
  /** JSON array of { affiliation, orcid }, as the API takes it. */
  author_details: string;
}

export function ArticleScholarlyFields(props: {
  idPrefix: string;
  authorname: string;
  values: ScholarlyValues;
  onChange: (name: keyof ScholarlyValues, value: string) => void;
  errorText: (name: keyof ScholarlyValues) => string | null;
  readOnly: boolean;
}) {
  const { idPrefix: p, values, onChange, errorText, readOnly } = props;
  const authors = splitAuthors(props.authorname);
  const details = parseAuthorDetails(values.author_details);
  const setDetail = (index: number, key: keyof AuthorDetail, value: string) => {
    const next = authors.map((_, i) => ({ affiliation: details[i]?.affiliation ?? "", orcid: details[i]?.orcid ?? "" }));
    next[index] = { ...next[index], [key]: value };
    onChange("author_details", JSON.stringify(next));
  };
  const input = (name: "doi" | "language", label: string, hint: string) => (
    <Field id={`${p}-${name}`} label={label} hint={hint} error={errorText(name)}>
      <input
        id={`${p}-${name}`}
        name={name}
        value={values[name]}
        onChange={(e) => onChange(name, e.target.value)}
        aria-invalid={!!errorText(name) || undefined}
        aria-describedby={describedBy(`${p}-${name}`, { hint: true, error: !!errorText(name) })}
        autoComplete="off"
        readOnly={readOnly}
      />
    </Field>
  );
  const authorsError = errorText("author_details");
  return (
    <section className="panel form__section" aria-labelledby={`${p}-s-scholarly`}>
      <h2 id={`${p}-s-scholarly`} className="form__section-title">
        Scholarly metadata
      </h2>
      <div className="grid-2">
        {input("doi", "DOI", "Leave empty to use the journal's DOI prefix / reference number.")}
        {input("language", "Language", "Leave empty for the journal's language; e.g. en.")}
      </div>
      {authors.length > 0 && (
        <fieldset className="field author-details" aria-describedby={authorsError ? `${p}-author_details-error` : undefined}>
          <legend className="field__label">Authors' affiliations and ORCID iDs (optional)</legend>
          {authors.map((name, i) => (
            <div className="grid-3" key={`${i}-${name}`}>
              <p className="form__static">
                <strong>{name}</strong>
              </p>
              <Field id={`${p}-aff-${i}`} label={`Affiliation of ${name}`}>
                <input
                  id={`${p}-aff-${i}`}
                  value={details[i]?.affiliation ?? ""}
                  onChange={(e) => setDetail(i, "affiliation", e.target.value)}
                  readOnly={readOnly}
                />
              </Field>
              <Field id={`${p}-orcid-${i}`} label={`ORCID iD of ${name}`}>
                <input
                  id={`${p}-orcid-${i}`}
                  value={details[i]?.orcid ?? ""}
                  placeholder="0000-0002-1825-0097"
                  onChange={(e) => setDetail(i, "orcid", e.target.value)}
                  readOnly={readOnly}
                />
              </Field>
            </div>
          ))}
          {authorsError && (
            <p className="field__error" id={`${p}-author_details-error`}>
              {authorsError}
            </p>
          )}
        </fieldset>
      )}
      <Field id={`${p}-references`} label="References" hint="One reference per line." error={errorText("references")}>
        <textarea
          id={`${p}-references`}
          name="references"
          rows={6}
          value={values.references}
          onChange={(e) => onChange("references", e.target.value)}
          aria-describedby={describedBy(`${p}-references`, { hint: true, error: !!errorText("references") })}
          readOnly={readOnly}
        />
      </Field>
    </section>
  );
}
