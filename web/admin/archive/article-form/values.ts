// The article form's values, made from its one description (contract/article-form.ts): a new article's, a stored
// article's (the staff answer carries every form field), and the multipart body a save sends.
import { ARTICLE_FORM_FIELDS, articleFieldSpec, type ArticleFormField, type ArticleFormValues } from "#contract/article-form";
import type { AdminArticle } from "#contract/api";
import { todayIso } from "../../format";

/** A value field, or the PDF file (kept apart: it is a File). */
export type FieldName = ArticleFormField | "pdfFile";

/** Fields in the order the form shows them (errors are listed and focused in this order); the PDF comes last. */
export const FORM_ORDER: readonly FieldName[] = [...ARTICLE_FORM_FIELDS, "pdfFile"];

const valuesOf = (value: (name: ArticleFormField) => string) =>
  Object.fromEntries(ARTICLE_FORM_FIELDS.map((name) => [name, value(name)])) as ArticleFormValues;

/** Title and abstract: edited as rich text, sent as typed. */
export const isRichText = (name: ArticleFormField) => {
  const control = articleFieldSpec(name).control;
  return control === "richText" || control === "inlineRichText";
};

/** A new article in the route's issue: dated today, the first of each choice, nothing else filled in. */
export function emptyValues(route: Partial<Record<ArticleFormField, string>>): ArticleFormValues {
  return valuesOf((name) => {
    const spec = articleFieldSpec(name);
    if (spec.fromRoute) return route[name] ?? "";
    if (spec.control === "date") return todayIso();
    if (spec.control === "choice") return spec.options?.[0]?.value ?? "";
    if (spec.control === "authorDetails" || spec.control === "translations") return "[]";
    return "";
  });
}

/** A stored article as the form shows it: each field from the staff answer's field of its name. */
export function fromArticle(article: AdminArticle): ArticleFormValues {
  const stored = article as unknown as Record<ArticleFormField, unknown>;
  return valuesOf((name) => {
    const spec = articleFieldSpec(name);
    const value = stored[name];
    switch (spec.control) {
      case "date":
        return String(value).slice(0, 10) || todayIso();
      case "choice": {
        const known = spec.options?.find((option) => option.value === String(value).toLowerCase());
        return (known ?? spec.options?.[0])?.value ?? "";
      }
      case "list":
        return (value as string[]).join("\n");
      case "authorDetails":
        return JSON.stringify(article.authors.map(({ affiliation, orcid }) => ({ affiliation, orcid })));
      case "translations":
        return JSON.stringify(article.translations);
      default:
        return String(value);
    }
  });
}

/** The multipart body of a save: every value (rich text as typed, the rest trimmed), the PDF, the edited version. */
export function formDataOf(values: ArticleFormValues, file: File, stamp: string): FormData {
  const form = new FormData();
  for (const name of ARTICLE_FORM_FIELDS) form.append(name, isRichText(name) ? values[name] : values[name].trim());
  form.append("pdfFile", file, file.name);
  if (stamp) form.append("modification", stamp);
  return form;
}
