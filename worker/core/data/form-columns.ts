// The admin forms' fields (contract/admin.ts) are stored in the columns of their names: a form field with no
// column of that name fails to compile here (types only; the contract knows nothing of the drizzle schema).
import type { ArticleColumns, EditorFormField, IssueFields, SettingsFields } from "#contract/admin";
import type { articles, editors, issues, journals } from "./schema";

type NoneMissing<Field extends PropertyKey, Column extends PropertyKey> = Record<Exclude<Field, Column>, never>;

export type FormColumnChecks = [
  NoneMissing<keyof IssueFields, keyof typeof issues.$inferInsert>,
  NoneMissing<keyof ArticleColumns, keyof typeof articles.$inferInsert>,
  NoneMissing<EditorFormField, keyof typeof editors.$inferInsert>,
  NoneMissing<keyof SettingsFields, keyof typeof journals.$inferInsert>,
];
const _formFieldsAreColumns: FormColumnChecks = [{}, {}, {}, {}];
