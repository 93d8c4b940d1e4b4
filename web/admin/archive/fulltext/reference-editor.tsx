// Staff's correction of one reference's parts, where the parser read it wrong: authors one per line ("Family,
// Given"), year, title, source, volume, issue, pages and DOI. A DOI staff type (or clear) is theirs: doiFrom "staff".
import { useId, useState, type FormEvent } from "react";
import { cleanDoi, type ReferenceAuthor, type StructuredReference } from "#contract/reference-parse";
import { BusyButton } from "../../form-kit";

type Parts = Omit<StructuredReference, "raw" | "authors" | "doiFrom" | "checked">;
const PARTS: { name: keyof Parts; label: string; size?: "wide" }[] = [
  { name: "year", label: "Year" },
  { name: "title", label: "Title", size: "wide" },
  { name: "source", label: "Source (journal or book)", size: "wide" },
  { name: "volume", label: "Volume" },
  { name: "issue", label: "Issue" },
  { name: "fpage", label: "First page" },
  { name: "lpage", label: "Last page" },
  { name: "doi", label: "DOI", size: "wide" },
];

const authorsToText = (authors: ReferenceAuthor[]) => authors.map((a) => (a.given ? `${a.family}, ${a.given}` : a.family)).join("\n");

export function textToAuthors(text: string): ReferenceAuthor[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const comma = line.indexOf(",");
      return comma < 0 ? { family: line, given: "" } : { family: line.slice(0, comma).trim(), given: line.slice(comma + 1).trim() };
    });
}

/** A DOI as typed or pasted (with https://doi.org/ or "doi:"), as registries store it; "" stays "". */
export function typedDoi(text: string): string {
  return cleanDoi(text.trim().replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, ""));
}

export function ReferenceEditor(props: {
  reference: StructuredReference;
  busy: boolean;
  onSave: (reference: StructuredReference) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const r = props.reference;
  const [doiError, setDoiError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const doi = typedDoi(text("doi"));
    if (doi && !/^10\.\d{4,9}\/\S+$/.test(doi)) {
      setDoiError("A DOI starts with 10. and a registrant code, such as 10.1016/j.envres.2020.109876.");
      return;
    }
    setDoiError(null);
    props.onSave({
      ...r,
      authors: textToAuthors(text("authors")),
      year: text("year"),
      title: text("title"),
      source: text("source"),
      volume: text("volume"),
      issue: text("issue"),
      fpage: text("fpage"),
      lpage: text("lpage"),
      doi,
      doiFrom: doi === r.doi ? r.doiFrom : "staff",
      checked: true,
    });
  }

  return (
    <form className="fulltext-admin__ref-form" onSubmit={submit} noValidate>
      <div className="field fulltext-admin__wide">
        <label className="field__label" htmlFor={`${id}-authors`}>
          Authors (one per line: Family, Given)
        </label>
        <textarea
          id={`${id}-authors`}
          name="authors"
          rows={Math.min(8, Math.max(2, r.authors.length))}
          defaultValue={authorsToText(r.authors)}
        />
      </div>
      {PARTS.map((p) => (
        <div
          key={p.name}
          className={`field${p.size === "wide" ? " fulltext-admin__wide" : ""}${p.name === "doi" && doiError ? " field--invalid" : ""}`}
        >
          <label className="field__label" htmlFor={`${id}-${p.name}`}>
            {p.label}
          </label>
          <input
            id={`${id}-${p.name}`}
            name={p.name}
            defaultValue={r[p.name]}
            aria-invalid={p.name === "doi" && doiError ? true : undefined}
            aria-describedby={p.name === "doi" && doiError ? `${id}-doi-error` : undefined}
          />
          {p.name === "doi" && doiError && (
            <p className="field__error" id={`${id}-doi-error`}>
              {doiError}
            </p>
          )}
        </div>
      ))}
      <div className="fulltext-admin__actions fulltext-admin__wide">
        <BusyButton type="submit" busy={props.busy} busyLabel="Saving…" className="btn btn--primary btn--small">
          Save reference
        </BusyButton>
        <button type="button" className="btn btn--ghost btn--small" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
