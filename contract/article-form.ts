// The article form, described once (docs/decisions/0180-article-form-descriptor.md). Each field of ARTICLE_FORM
// has the rule the Worker enforces (and the admin runs before sending), its label, its section and width, the
// control that edits it, and the texts beside it. In the order written here the form shows them. Derived from it:
// the API's add and edit schemas (contract/admin.ts), the staff answer's fields (contract/api.ts), and the admin
// form's values, labels, order, required marks and layout (web/admin/archive/article-form). A field is stored in the
// column of its name (worker/core/data/form-columns.ts checks it), so adding one touches the migration,
// worker/core/data/schema.ts and this list.
import { z } from "zod";
import { PAYMENT_TYPES } from "./constants";
import {
  INVALID,
  ISSUE_MAX,
  VOLUME_MAX,
  choice,
  isoDate,
  languageField,
  normalizedText,
  requiredRichText,
  requiredText,
  requiredVisibleRichText,
  requiredVisibleText,
  text,
  wholeNumber,
  year,
  jsonListText,
} from "./field-rules";
import { REFNUMBER_PATTERN } from "./refnumber";
import { LICENSES, LICENSE_KEYS, normalizeDoi, normalizeOrcid, normalizeRor } from "./scholarly";
import { formatFunding, fundingProblem, parseFunding } from "./funding";
import { translationsField } from "./article-translations";

/**
 * Transaction id (docs/decisions/0023-article-rules.md): 4 to 64 characters of ASCII letters, digits, "-", "_"
 * and "/", starting and ending with a letter or digit. Compared exactly as typed (after trimming).
 */
export const TXNID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_\-/]{2,62}[A-Za-z0-9]$/;
/** Page range "first-last" (e.g. 73-80), first <= last; an en dash and spaces around the dash are accepted. */
export const PAGENUMBER_PATTERN = /^(\d{1,6})\s*[-\u2013]\s*(\d{1,6})$/;

export const txnidField = z.string({ error: "invalid_txnid" }).trim().regex(TXNID_PATTERN, "invalid_txnid");

/** "73-80" (also "73 – 80"), normalised to "73-80". */
export const pagenumberField = z
  .string({ error: "invalid_pagenumber" })
  .trim()
  .transform((v, ctx) => {
    const m = PAGENUMBER_PATTERN.exec(v);
    if (!m || Number(m[1]) > Number(m[2])) {
      ctx.addIssue({ code: "custom", message: "invalid_pagenumber" });
      return z.NEVER;
    }
    return `${Number(m[1])}-${Number(m[2])}`;
  });

/**
 * Per author, in authorname order: optional affiliation and ORCID iD (checksum checked, stored as
 * 0000-0000-0000-0000). Sent as a JSON array (a string in multipart forms).
 */
export const authorDetailsField = z.preprocess(
  jsonListText,
  z
    .array(
      z
        .object({
          affiliation: text(500).default(""),
          orcid: normalizedText(60, normalizeOrcid, "invalid_orcid").default(""),
          // Stored only when given, so the details of authors without one read as before.
          ror: normalizedText(60, normalizeRor, "invalid_ror").optional(),
        })
        .transform(({ ror, ...rest }) => (ror ? { ...rest, ror } : rest)),
      { error: INVALID },
    )
    .max(100, INVALID),
);

/** Funders, one a line ("Funder | award | Funder ID"), stored tidied (contract/funding.ts). */
export const fundingField = text(20_000)
  .refine((v) => fundingProblem(v) === null, "invalid_funding")
  .transform((v) => formatFunding(parseFunding(v)))
  .default("");

/** An article's own licence (a LICENSES key), or "" for the journal's. */
export const articleLicenseField = z
  .preprocess((v) => (typeof v === "string" ? v.trim() : v), z.enum(["", ...LICENSE_KEYS], { error: INVALID }))
  .default("");

/** A date that may stay empty (YYYY-MM-DD or ""). */
const optionalIsoDate = z.union([z.literal(""), isoDate()], { error: INVALID }).default("");

/** The form's sections, in order, with their headings (the PDF comes last, in a section of its own). */
export const ARTICLE_SECTIONS = {
  article: "Article",
  publication: "Publication",
  scholarly: "Scholarly metadata",
  payment: "Payment and author",
} as const;
export type ArticleSection = keyof typeof ARTICLE_SECTIONS;

/**
 * What edits a field, which also says how its stored value becomes form text: `text` as stored (the default);
 * `richText` / `inlineRichText` in the rich-text editor (an abstract, a one-line title); `number` as digits;
 * `date` as YYYY-MM-DD, a new article's is today; `optionalDate` the same, empty until typed; `choice` one of `options`, a new article's the first;
 * `multiline` a textarea of text as stored; `list` a textarea of one entry per line (answered as a list);
 * `authorDetails` one row per author of authorname (answered within `authors`); `translations` the article's
 * other language versions of title, abstract and keywords (contract/article-translations.ts, answered as a list).
 */
export type ArticleControl =
  | "text"
  | "email"
  | "tel"
  | "richText"
  | "inlineRichText"
  | "number"
  | "date"
  | "optionalDate"
  | "choice"
  | "multiline"
  | "list"
  | "authorDetails"
  | "translations";

export interface ArticleFieldSpec {
  label: string;
  /** The rule on add and edit; the field is required where it refuses an empty value. */
  rule: z.ZodType;
  /** A different rule when adding (SPEC §5: the email is required on add only). */
  addRule?: z.ZodType;
  section: ArticleSection;
  control?: ArticleControl;
  /** The choices of a `choice` field. */
  options?: readonly { value: string; label: string }[];
  /** Of the section's six columns, how many it takes (default all; one column on a phone). */
  width?: 2 | 3 | 6;
  hint?: string;
  /** The text beside the field when its rule refuses what was typed (default "Check this value."). */
  problem?: string;
  autoComplete?: string;
  /** Set by the page's route when adding (the issue the article is filed under): shown, not typed. */
  fromRoute?: true;
}

/** The article form's fields (SPEC §3 names, the API contract), in the order the form shows them. */
export const ARTICLE_FORM = {
  title: { label: "Title", rule: requiredVisibleRichText(2000), section: "article", control: "inlineRichText" },
  abstract: { label: "Abstract", rule: requiredRichText(60_000), section: "article", control: "richText" },
  authorname: {
    label: "Author name",
    rule: requiredVisibleText(1000),
    section: "article",
    hint: "Separate several authors with commas.",
  },
  keywords: { label: "Keywords", rule: text(1000).default(""), section: "article", width: 3, hint: "Comma separated." },
  subject: { label: "Subject", rule: text(300).default(""), section: "article", width: 3 },
  // Metadata in several languages (issue 50 item 4, docs/decisions/0375).
  translations: {
    label: "Other languages",
    rule: translationsField.default([]),
    section: "article",
    control: "translations",
    hint: "The title, abstract and keywords in another language, beside the main version above.",
    problem: "Give each language version a title or an abstract, one version per language, none in the article's own language.",
  },
  refnumber: {
    label: "Reference number",
    rule: z.string({ error: INVALID }).trim().regex(REFNUMBER_PATTERN, INVALID),
    section: "publication",
    width: 2,
    problem: "Use up to 100 letters, digits, '.', '-' or '_' (it becomes the file name).",
  },
  pagenumber: {
    label: "Page number",
    rule: pagenumberField,
    section: "publication",
    width: 2,
    hint: "For example 73-80.",
    problem: "Invalid page number",
  },
  publishdate: {
    label: "Date",
    rule: isoDate(),
    section: "publication",
    control: "date",
    width: 2,
    problem: "Enter a valid date.",
  },
  year: {
    label: "Year",
    rule: year(),
    section: "publication",
    control: "number",
    width: 2,
    problem: "Enter a valid year.",
    fromRoute: true,
  },
  volume: {
    label: "Volume",
    rule: wholeNumber(0, VOLUME_MAX),
    section: "publication",
    control: "number",
    width: 2,
    problem: "Enter a whole number, 0 or more.",
    fromRoute: true,
  },
  issue: {
    label: "Issue",
    rule: wholeNumber(0, ISSUE_MAX),
    section: "publication",
    control: "number",
    width: 2,
    problem: "Enter a whole number, 0 or more.",
    fromRoute: true,
  },
  doi: {
    label: "DOI",
    rule: normalizedText(300, normalizeDoi, "invalid_doi").default(""),
    section: "scholarly",
    width: 3,
    hint: "Leave empty to use the journal's DOI prefix / reference number.",
    problem: "Enter a DOI such as 10.12345/abc.1, or leave it empty.",
  },
  language: {
    label: "Language",
    rule: languageField().default(""),
    section: "scholarly",
    width: 3,
    hint: "Leave empty for the journal's language; e.g. en.",
    problem: "Enter a language code such as en or pt-BR.",
  },
  author_details: {
    label: "Authors' affiliations and ORCID iDs",
    rule: authorDetailsField.default([]),
    section: "scholarly",
    control: "authorDetails",
  },
  references: {
    label: "References",
    rule: text(100_000).default(""),
    section: "scholarly",
    control: "list",
    hint: "One reference per line.",
  },
  // Funding and licence per article (issue 40 item 6, docs/decisions/0220).
  funding: {
    label: "Funding",
    rule: fundingField,
    section: "scholarly",
    control: "multiline",
    hint: "One funder a line: the funder's name, then | and the award number if there is one, then | and the Funder ID if known (National Science Foundation | CHE-2101234 | 10.13039/100000001).",
    problem: "Start each line with the funder's name (at most 300 characters; the award number after a |).",
  },
  license: {
    label: "Licence",
    rule: articleLicenseField,
    section: "scholarly",
    control: "choice",
    options: [{ value: "", label: "The journal's licence" }, ...LICENSES.map((l) => ({ value: l.key, label: l.label }))],
    width: 3,
    hint: "Only when this article is published under another licence than the journal's.",
  },
  // What a move from or to OJS carries (issue 46 item 3, docs/decisions/0315).
  date_submitted: {
    label: "Received",
    rule: optionalIsoDate,
    section: "scholarly",
    control: "optionalDate",
    width: 2,
    hint: "When the manuscript was submitted.",
    problem: "Enter a valid date, or leave it empty.",
  },
  date_accepted: {
    label: "Accepted",
    rule: optionalIsoDate,
    section: "scholarly",
    control: "optionalDate",
    width: 2,
    problem: "Enter a valid date, or leave it empty.",
  },
  copyright_year: {
    label: "Copyright year",
    rule: text(4)
      .regex(/^(\d{4})?$/, INVALID)
      .default(""),
    section: "scholarly",
    width: 2,
    problem: "Enter a year such as 2024, or leave it empty.",
  },
  copyright_holder: {
    label: "Copyright holder",
    rule: text(300).default(""),
    section: "scholarly",
    hint: "For example: The authors. Leave it empty when the licence says all there is to say.",
  },
  ptype: {
    label: "Payment type",
    rule: choice(PAYMENT_TYPES),
    section: "payment",
    control: "choice",
    options: [
      { value: "paid", label: "Paid" },
      { value: "free", label: "Free" },
    ],
    width: 3,
  },
  txnid: { label: "Transaction ID", rule: txnidField, section: "payment", width: 3, problem: "Invalid transaction id" },
  email: {
    label: "Email",
    rule: text(254).default(""),
    addRule: requiredText(254),
    section: "payment",
    control: "email",
    width: 3,
    problem: "This email is too long.",
  },
  country: { label: "Country", rule: text(100).default(""), section: "payment", width: 3, autoComplete: "country-name" },
  mobile: {
    label: "Mobile",
    rule: text(50).default(""),
    section: "payment",
    control: "tel",
    width: 3,
    hint: "The author's phone number; staff only.",
  },
  description: {
    label: "Description",
    rule: text(5000).default(""),
    section: "payment",
    control: "multiline",
    hint: "Staff only: never shown on the site, in documents or in feeds.",
  },
} as const satisfies Record<string, ArticleFieldSpec>;

export type ArticleFormField = keyof typeof ARTICLE_FORM;
/** The names of the article form's fields, in form order. */
export const ARTICLE_FORM_FIELDS = Object.keys(ARTICLE_FORM) as ArticleFormField[];
/** One field's description (typed as the general shape, so optional parts read as optional). */
export const articleFieldSpec = (name: ArticleFormField): ArticleFieldSpec => ARTICLE_FORM[name];

type Rules<Mode extends "add" | "edit"> = {
  [K in ArticleFormField]: Mode extends "add"
    ? (typeof ARTICLE_FORM)[K] extends { addRule: infer R }
      ? R
      : (typeof ARTICLE_FORM)[K]["rule"]
    : (typeof ARTICLE_FORM)[K]["rule"];
};

/** The rule a field is checked with in `mode`: its `addRule` when adding, if it has one. */
function ruleOf(name: ArticleFormField, mode: "add" | "edit"): z.ZodType {
  const spec = articleFieldSpec(name);
  return mode === "add" ? (spec.addRule ?? spec.rule) : spec.rule;
}

function rulesFor<Mode extends "add" | "edit">(mode: Mode): Rules<Mode> {
  return Object.fromEntries(ARTICLE_FORM_FIELDS.map((name) => [name, ruleOf(name, mode)])) as Rules<Mode>;
}

/** POST /api/admin/archives/ fields (the PDF comes separately as pdfFile). */
export const articleAddSchema = z.object(rulesFor("add"));
/**
 * POST /api/archives/{id} fields. The server merges the sent fields over the stored article, then checks the
 * whole with this schema: a field left out keeps its value.
 */
export const articleEditSchema = z.object(rulesFor("edit"));
export type ArticleAddInput = z.input<typeof articleAddSchema>;
export type ArticleFields = z.output<typeof articleAddSchema>;

/** What the form holds: the text of every field, which is what the schemas take (checked below). */
export type ArticleFormValues = { [K in ArticleFormField]: string };
type IsInputOf<V, I> = V extends I ? true : never;
const _formValuesAreInput: IsInputOf<ArticleFormValues, ArticleAddInput & z.input<typeof articleEditSchema>> = true;

const requiredness = new Map<string, boolean>();
/** Whether the field must be filled in `mode`: its rule refuses an empty value. */
export function isRequiredField(name: ArticleFormField, mode: "add" | "edit"): boolean {
  // Worked out once per field and mode (the form asks on every keystroke's render), and not before it is asked.
  const key = `${mode}:${name}`;
  let required = requiredness.get(key);
  if (required === undefined) requiredness.set(key, (required = !ruleOf(name, mode).safeParse("").success));
  return required;
}

const translationAnswer = z.array(z.object({ lang: z.string(), title: z.string(), abstract: z.string(), keywords: z.string() }));
type AnswerOf<C> = C extends "number"
  ? z.ZodNumber
  : C extends "list"
    ? z.ZodArray<z.ZodString>
    : C extends "translations"
      ? typeof translationAnswer
      : z.ZodString;
type ControlOf<K extends ArticleFormField> = (typeof ARTICLE_FORM)[K] extends { control: infer C } ? C : "text";
/** The staff answer's field for each form field stored in a column of its name (author details come as `authors`). */
export type ArticleFormAnswerShape = {
  [K in ArticleFormField as ControlOf<K> extends "authorDetails" ? never : K]: AnswerOf<ControlOf<K>>;
};

/** The staff answer carries every form field (contract/api.ts adminArticleSchema), so the edit form can show it. */
export function articleFormAnswerShape(): ArticleFormAnswerShape {
  const shape: Record<string, z.ZodType> = {};
  for (const name of ARTICLE_FORM_FIELDS) {
    const control = articleFieldSpec(name).control;
    if (control === "authorDetails") continue;
    shape[name] =
      control === "number"
        ? z.number().int()
        : control === "list"
          ? z.array(z.string())
          : control === "translations"
            ? translationAnswer
            : z.string();
  }
  return shape as ArticleFormAnswerShape;
}
