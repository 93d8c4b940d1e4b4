// The article form's scholarly metadata (docs/decisions/0100): DOI, language, references, and one row per author
// of the author name field (in its order) with an optional affiliation and ORCID iD.
import { Field } from "../admin-ui";
import { TextField, type FieldBinding } from "../form-kit";
import { parseAuthorDetails, splitAuthors, type AuthorDetail } from "#contract/scholarly";

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
  field: (name: keyof ScholarlyValues) => FieldBinding;
}) {
  const { idPrefix: p, field } = props;
  const authors = splitAuthors(props.authorname);
  const details = field("author_details");
  const readOnly = details.readOnly;
  const parsed = parseAuthorDetails(details.value);
  const setDetail = (index: number, key: keyof AuthorDetail, value: string) => {
    const next = authors.map((_, i) => ({ affiliation: parsed[i]?.affiliation ?? "", orcid: parsed[i]?.orcid ?? "" }));
    next[index] = { ...next[index], [key]: value };
    details.onChange(JSON.stringify(next));
  };
  const authorsError = details.error;
  return (
    <section className="panel form__section" aria-labelledby={`${p}-s-scholarly`}>
      <h2 id={`${p}-s-scholarly`} className="form__section-title">
        Scholarly metadata
      </h2>
      <div className="grid-2">
        <TextField field={field("doi")} label="DOI" hint="Leave empty to use the journal's DOI prefix / reference number." />
        <TextField field={field("language")} label="Language" hint="Leave empty for the journal's language; e.g. en." />
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
                  value={parsed[i]?.affiliation ?? ""}
                  onChange={(e) => setDetail(i, "affiliation", e.target.value)}
                  readOnly={readOnly}
                />
              </Field>
              <Field id={`${p}-orcid-${i}`} label={`ORCID iD of ${name}`}>
                <input
                  id={`${p}-orcid-${i}`}
                  value={parsed[i]?.orcid ?? ""}
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
      <TextField field={field("references")} label="References" hint="One reference per line." rows={6} />
    </section>
  );
}
