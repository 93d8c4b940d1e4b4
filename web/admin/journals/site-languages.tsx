// The settings form's "Site languages" section (issue 50 item 2, docs/decisions/0351): the languages the public
// site, Submit Online and the link pages are offered in (each at its own address), and the primary one, which the
// plain addresses speak. The admin itself stays in English.
import { LANGUAGES, type Language } from "#contract/i18n/languages";
import { LANGUAGE_NAMES, parseLanguageList } from "#contract/i18n/addresses";
import { SelectField, type FieldBinding } from "../form-kit";

const labelOf = (lang: Language) => `${LANGUAGE_NAMES[lang]} (${lang})`;

export function SiteLanguages({ primary, offered }: { primary: FieldBinding; offered: FieldBinding }) {
  const chosen = parseLanguageList(offered.value);
  const toggle = (lang: Language, on: boolean) => {
    const next = LANGUAGES.filter((l) => (l === lang ? on : chosen.includes(l)));
    offered.onChange(next.join(","));
  };
  return (
    <section className="panel form__section" aria-labelledby={`${offered.id}-title`}>
      <h2 id={`${offered.id}-title`} className="form__section-title">
        Site languages
      </h2>
      <p className="field__hint">
        The languages readers, authors and reviewers can read the site in. The primary language is at the site's plain addresses
        (/archives); each other one has its own (/ar/archives). A first visit opens in the visitor's browser language when the site offers
        it.
      </p>
      <fieldset
        className="form__choices"
        aria-invalid={offered.invalid || undefined}
        aria-describedby={offered.error ? `${offered.id}-error` : undefined}
      >
        <legend>Languages offered</legend>
        {LANGUAGES.map((lang) => (
          <label key={lang} className="checkbox">
            <input
              type="checkbox"
              name={offered.name}
              value={lang}
              checked={chosen.includes(lang)}
              disabled={offered.readOnly}
              onChange={(e) => toggle(lang, e.currentTarget.checked)}
            />{" "}
            <span lang={lang} dir="auto">
              {labelOf(lang)}
            </span>
          </label>
        ))}
        {offered.error ? (
          <p id={`${offered.id}-error`} className="field__error">
            {offered.error}
          </p>
        ) : null}
      </fieldset>
      <SelectField
        field={primary}
        label="Primary language"
        hint="The language of the plain addresses, of search engines' x-default, and of visitors whose browser asks for none of the offered ones."
        options={LANGUAGES.filter((l) => chosen.includes(l) || l === primary.value).map((l) => ({ value: l, label: labelOf(l) }))}
      />
    </section>
  );
}
