// The Submit Online form's optional part (issue 48 item 2, docs/decisions/0380): abstract, keywords, section,
// co-authors, cover letter, the Word file beside the PDF, and consent. Plain form controls, so the form posts them
// without JavaScript too (decision 0178); co-authors are fixed rows (coAuthorName, ... once a row), empty rows dropped.
import type { ChangeEvent, ReactNode, RefObject } from "react";
import { Link } from "react-router";
import { CO_AUTHOR_FIELDS, CO_AUTHORS_MAX, ABSTRACT_MAX, COVER_LETTER_MAX, KEYWORDS_MAX } from "#contract/submission";
import { useT } from "../../lib/i18n";

export type DetailField = "abstract" | "keywords" | "section" | "coAuthors" | "coverLetter" | "docxFile";

interface Props {
  sections: { id: number; title: string }[];
  /** aria attributes of a field that has an error. */
  field: (name: DetailField) => Record<string, unknown>;
  errorText: (name: DetailField) => ReactNode;
  hasError: (name: DetailField) => boolean;
  sourceRef: RefObject<HTMLInputElement | null>;
  onSourceFile: (e: ChangeEvent<HTMLInputElement>) => void;
}

const ROWS = Array.from({ length: CO_AUTHORS_MAX }, (_, i) => i);

export function SubmissionDetailsFields({ sections, field, errorText, hasError, sourceRef, onSourceFile }: Props) {
  const t = useT();
  return (
    <fieldset className="form__fieldset">
      <legend>{t("submit.more.legend")}</legend>
      <p className="field__help form__fieldset-help">{t("submit.more.help")}</p>
      <div className="field">
        <label htmlFor="sub-abstract">{t("submit.abstract")}</label>
        <textarea id="sub-abstract" name="abstract" rows={8} maxLength={ABSTRACT_MAX} {...field("abstract")} />
        {errorText("abstract")}
      </div>
      <div className="form__grid">
        <div className="field">
          <label htmlFor="sub-keywords">
            {t("submit.keywords")} <span className="field__hint">{t("submit.keywordsHelp")}</span>
          </label>
          <input id="sub-keywords" name="keywords" maxLength={KEYWORDS_MAX} {...field("keywords")} />
          {errorText("keywords")}
        </div>
        {sections.length > 0 && (
          <div className="field">
            <label htmlFor="sub-section">{t("submit.section")}</label>
            <select id="sub-section" name="section" defaultValue="" {...field("section")}>
              <option value="">{t("submit.noSection")}</option>
              {sections.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.title}
                </option>
              ))}
            </select>
            {errorText("section")}
          </div>
        )}
      </div>
      <details className="co-authors" open={hasError("coAuthors") || undefined}>
        <summary>{t("submit.coAuthors")}</summary>
        <p className="field__help">{t("submit.coAuthorsHelp", { max: CO_AUTHORS_MAX })}</p>
        {errorText("coAuthors")}
        {ROWS.map((i) => (
          // Each row a group; its name field is labelled by the row's own title ("Co-author 1"), so no label of the
          // form repeats SPEC's "Name" or "Email" (the author's own fields keep those names alone).
          <div key={i} className="co-authors__row" role="group" aria-labelledby={`sub-co-name-${i}-label`}>
            <div className="form__grid">
              <div className="field">
                <label id={`sub-co-name-${i}-label`} htmlFor={`sub-co-name-${i}`}>
                  {t("submit.coAuthor", { n: i + 1 })}
                </label>
                <input id={`sub-co-name-${i}`} name={CO_AUTHOR_FIELDS.name} maxLength={200} autoComplete="off" {...field("coAuthors")} />
              </div>
              <div className="field">
                <label htmlFor={`sub-co-email-${i}`}>{t("submit.coAuthorEmail")}</label>
                <input id={`sub-co-email-${i}`} name={CO_AUTHOR_FIELDS.email} type="email" maxLength={254} autoComplete="off" />
              </div>
              <div className="field">
                <label htmlFor={`sub-co-affiliation-${i}`}>{t("submit.affiliation")}</label>
                <input id={`sub-co-affiliation-${i}`} name={CO_AUTHOR_FIELDS.affiliation} maxLength={500} autoComplete="off" />
              </div>
              <div className="field">
                <label htmlFor={`sub-co-orcid-${i}`}>{t("submit.orcid")}</label>
                <input
                  id={`sub-co-orcid-${i}`}
                  name={CO_AUTHOR_FIELDS.orcid}
                  maxLength={60}
                  dir="ltr"
                  placeholder="0000-0000-0000-0000"
                  autoComplete="off"
                />
              </div>
            </div>
          </div>
        ))}
      </details>
      <div className="field">
        <label htmlFor="sub-cover-letter">{t("submit.coverLetter")}</label>
        <textarea id="sub-cover-letter" name="coverLetter" rows={6} maxLength={COVER_LETTER_MAX} {...field("coverLetter")} />
        {errorText("coverLetter")}
      </div>
      <div className="field">
        <label htmlFor="sub-docx">
          {t("submit.sourceFile")} <span className="field__hint">{t("submit.docxOnly")}</span>
        </label>
        <input
          ref={sourceRef}
          id="sub-docx"
          name="docxFile"
          type="file"
          accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          onChange={onSourceFile}
          {...field("docxFile")}
        />
        <p className="field__help">{t("submit.sourceFileHelp")}</p>
        {errorText("docxFile")}
      </div>
    </fieldset>
  );
}

/** The consent checkboxes (recorded with the time by the server), with the way to the policies they name. */
export function ConsentFields() {
  const t = useT();
  return (
    <fieldset className="form__fieldset">
      <legend>{t("submit.consent.legend")}</legend>
      <label className="check-field">
        <input type="checkbox" name="consentPolicies" value="yes" /> <span>{t("submit.consentPolicies")}</span>
      </label>
      <p className="field__help check-field__help">
        <Link to="/policies" target="_blank">
          {t("submit.policiesLink")}
        </Link>
      </p>
      <label className="check-field">
        <input type="checkbox" name="consentCopyright" value="yes" /> <span>{t("submit.consentCopyright")}</span>
      </label>
    </fieldset>
  );
}
