// The article's other language versions (issue 50 item 4, docs/decisions/0375): one panel per version with its
// language, title, abstract and keywords; "Add a language version" adds one in the first free language, "Remove"
// takes one away. The value is the JSON array the API takes (contract/article-translations.ts). Each version's
// texts are typed in its own language and direction (Arabic right to left).
import { createRef, useState, type RefObject } from "react";
import type { Editor } from "@tiptap/react";
import { Field } from "../../admin-ui";
import type { FieldBinding } from "../../form-kit";
import { RichTextField } from "../../rich-text-field";
import { LANGUAGES, dirOf, isLanguage, type Language } from "#contract/i18n/languages";
import { MAX_TRANSLATIONS, sameLanguage } from "#contract/article-translations";

interface Version {
  lang: string;
  title: string;
  abstract: string;
  keywords: string;
}

const names = new Intl.DisplayNames(["en"], { type: "language" });
/** A language's name in English (the admin's language): "Arabic", "Portuguese (Brazil)". */
export const languageName = (lang: string): string => names.of(lang) ?? lang;

function versionsOf(value: string): Version[] {
  try {
    const list: unknown = JSON.parse(value || "[]");
    if (!Array.isArray(list)) return [];
    return list.map((v: Record<string, unknown>) => ({
      lang: String(v?.lang ?? ""),
      title: String(v?.title ?? ""),
      abstract: String(v?.abstract ?? ""),
      keywords: String(v?.keywords ?? ""),
    }));
  } catch {
    return [];
  }
}

export function TranslationsField(props: { field: FieldBinding; label: string; hint?: string; mainLanguage: string }) {
  const { field } = props;
  const versions = versionsOf(field.value);
  // Editor handles per version and text (the rich-text editor is focused through them), kept across renders.
  const [refs] = useState(() => new Map<string, RefObject<Editor | null>>());
  const refOf = (key: string) => {
    let ref = refs.get(key);
    if (!ref) refs.set(key, (ref = createRef<Editor>()));
    return ref;
  };
  const save = (next: Version[]) => field.onChange(JSON.stringify(next));
  const set = (index: number, change: Partial<Version>) => save(versions.map((v, i) => (i === index ? { ...v, ...change } : v)));
  const free = LANGUAGES.filter((l) => !sameLanguage(l, props.mainLanguage) && !versions.some((v) => v.lang === l));
  const add = () => {
    const lang = free[0];
    if (lang) save([...versions, { lang, title: "", abstract: "", keywords: "" }]);
  };
  const errorId = `${field.id}-error`;
  const hintId = `${field.id}-hint`;
  return (
    <fieldset
      className="field language-versions"
      aria-describedby={[props.hint ? hintId : "", field.error ? errorId : ""].join(" ").trim() || undefined}
    >
      <legend className="field__label">{props.label} (optional)</legend>
      {props.hint && (
        <p className="field__hint" id={hintId}>
          {props.hint}
        </p>
      )}
      {versions.map((v, i) => {
        const lang: Language | null = isLanguage(v.lang) ? v.lang : null;
        const key = `${field.id}-${i}`;
        const choices = LANGUAGES.filter((l) => l === v.lang || free.includes(l));
        const binding = (name: "title" | "abstract"): FieldBinding => ({
          id: `${key}-${name}`,
          name: `${field.name}.${i}.${name}`,
          value: v[name],
          onChange: (value) => set(i, { [name]: value }),
          error: null,
          invalid: false,
          readOnly: field.readOnly,
        });
        return (
          <section key={key} className="language-version" aria-label={`${lang ? languageName(lang) : v.lang} version`}>
            <div className="language-version__head">
              <Field id={`${key}-lang`} label="Language">
                <select id={`${key}-lang`} value={v.lang} disabled={field.readOnly} onChange={(e) => set(i, { lang: e.target.value })}>
                  {!lang && <option value={v.lang}>{v.lang}</option>}
                  {choices.map((l) => (
                    <option key={l} value={l}>
                      {languageName(l)} ({l})
                    </option>
                  ))}
                </select>
              </Field>
              <button
                type="button"
                className="btn btn--ghost btn--small"
                disabled={field.readOnly}
                onClick={() => save(versions.filter((_, j) => j !== i))}
              >
                Remove the {lang ? languageName(lang) : v.lang} version
              </button>
            </div>
            <div lang={lang ?? undefined} dir={lang ? dirOf(lang) : undefined}>
              <RichTextField field={binding("title")} label="Title" inline editorRef={refOf(`${key}-title`)} />
              <RichTextField field={binding("abstract")} label="Abstract" editorRef={refOf(`${key}-abstract`)} />
              <Field id={`${key}-keywords`} label="Keywords" hint="Comma separated.">
                <input
                  id={`${key}-keywords`}
                  type="text"
                  value={v.keywords}
                  readOnly={field.readOnly}
                  autoComplete="off"
                  aria-describedby={`${key}-keywords-hint`}
                  onChange={(e) => set(i, { keywords: e.target.value })}
                />
              </Field>
            </div>
          </section>
        );
      })}
      {versions.length < MAX_TRANSLATIONS && free.length > 0 && !field.readOnly && (
        <button type="button" className="btn btn--secondary btn--small" onClick={add}>
          Add a language version
        </button>
      )}
      {field.error && (
        <p className="field__error" id={errorId}>
          {field.error}
        </p>
      )}
    </fieldset>
  );
}
