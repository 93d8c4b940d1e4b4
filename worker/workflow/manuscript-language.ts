// The language of a manuscript's letters (issue 50 item 1, docs/decisions/0384): the one its author submitted in
// (Submit Online sends its page's language), else the journal's primary language. Link pages do not use it: they
// speak their visitor's language (worker/pages/page-language.ts visitorLanguage).
import type { JournalRow, ManuscriptRow } from "../core/data/schema";
import { offerOf } from "#contract/i18n/addresses";
import { isLanguage, type Language } from "#contract/i18n/languages";

type Offered = Pick<JournalRow, "interface_language" | "interface_languages">;

/** The form's `language` field when it names a language the journal offers, else '' (unknown: the primary one). */
export function submittedLanguage(form: FormData, journal: Offered): Language | "" {
  const value = form.get("language");
  return isLanguage(value) && offerOf(journal).offered.includes(value) ? value : "";
}

/** What the journal writes to a manuscript's author in: a shipped language even if the journal no longer offers it. */
export const manuscriptLanguage = (journal: Offered, m: Partial<Pick<ManuscriptRow, "language">>): Language =>
  isLanguage(m.language) ? m.language : offerOf(journal).primary;
