// The article form's fields, laid out from their description (contract/article-form.ts): one section per
// ARTICLE_SECTIONS entry, each field in its place and width with its label, hint and required mark, edited by the
// control its description names. When adding, the fields the route sets (the issue) are shown as one line.
import { createRef, useState, type ReactNode, type RefObject } from "react";
import type { Editor } from "@tiptap/react";
import {
  ARTICLE_FORM_FIELDS,
  ARTICLE_SECTIONS,
  articleFieldSpec,
  isRequiredField,
  type ArticleFormField,
  type ArticleFormValues,
  type ArticleSection,
} from "#contract/article-form";
import { SelectField, TextField, type FieldBinding } from "../../form-kit";
import { RichTextField } from "../../rich-text-field";
import { AuthorDetailsField } from "./author-details-field";
import type { FormMode } from "./validation";

export function FormSection(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel form__section" aria-labelledby={props.id}>
      <h2 id={props.id} className="form__section-title">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

/** One editor handle per rich-text field, to focus it (a contenteditable is not reached by its id). */
export function useEditorRefs() {
  const [refs] = useState(() => new Map<ArticleFormField, RefObject<Editor | null>>());
  return (name: ArticleFormField) => {
    let ref = refs.get(name);
    if (!ref) refs.set(name, (ref = createRef<Editor>()));
    return ref;
  };
}

const other = (mode: FormMode): FormMode => (mode === "add" ? "edit" : "add");

function ArticleField(props: {
  name: ArticleFormField;
  mode: FormMode;
  field: FieldBinding;
  values: ArticleFormValues;
  editorRef: (name: ArticleFormField) => RefObject<Editor | null>;
}) {
  const { name, mode, field } = props;
  const spec = articleFieldSpec(name);
  const required = isRequiredField(name, mode);
  // A field required only in the other mode says that it is optional here (the email when editing).
  const hint = spec.hint ?? (!required && isRequiredField(name, other(mode)) ? "Optional." : undefined);
  const common = { field, label: spec.label, required, hint, autoComplete: spec.autoComplete };
  switch (spec.control) {
    case "richText":
    case "inlineRichText":
      return (
        <RichTextField
          field={field}
          label={spec.label}
          required={required}
          inline={spec.control === "inlineRichText"}
          editorRef={props.editorRef(name)}
        />
      );
    case "choice":
      return <SelectField field={field} label={spec.label} required={required} hint={hint} options={spec.options ?? []} />;
    case "authorDetails":
      return <AuthorDetailsField field={field} label={spec.label} required={required} authorname={props.values.authorname} />;
    case "list":
      return <TextField {...common} rows={6} />;
    case "multiline":
      return <TextField {...common} rows={3} />;
    case "date":
    case "optionalDate":
      return <TextField {...common} type="date" />;
    case "number":
      return <TextField {...common} inputMode="numeric" />;
    case "email":
      return <TextField {...common} type="email" inputMode="email" />;
    case "tel":
      return <TextField {...common} type="tel" inputMode="tel" />;
    default:
      return <TextField {...common} />;
  }
}

export function ArticleSections(props: {
  idPrefix: string;
  mode: FormMode;
  values: ArticleFormValues;
  field: (name: ArticleFormField) => FieldBinding;
  editorRef: (name: ArticleFormField) => RefObject<Editor | null>;
  /** When adding: the issue the route files the article under, in words. */
  inIssue: string;
}) {
  const { mode } = props;
  const sections = Object.entries(ARTICLE_SECTIONS) as [ArticleSection, string][];
  return sections.map(([section, title]) => {
    const names = ARTICLE_FORM_FIELDS.filter((name) => articleFieldSpec(name).section === section);
    const firstFromRoute = names.find((name) => articleFieldSpec(name).fromRoute);
    return (
      <FormSection key={section} id={`${props.idPrefix}-s-${section}`} title={title}>
        <div className="form-grid">
          {names.map((name) => {
            const spec = articleFieldSpec(name);
            if (mode === "add" && spec.fromRoute) {
              return name === firstFromRoute ? (
                <p key={name} className="form__static form-grid__cell">
                  Published in <strong>{props.inIssue}</strong>
                </p>
              ) : null;
            }
            return (
              <div key={name} className={`form-grid__cell form-grid__cell--${spec.width ?? 6}`}>
                <ArticleField name={name} mode={mode} field={props.field(name)} values={props.values} editorRef={props.editorRef} />
              </div>
            );
          })}
        </div>
      </FormSection>
    );
  });
}
