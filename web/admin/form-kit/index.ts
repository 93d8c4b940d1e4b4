// The admin form kit: form state from a zod schema, bound fields, busy buttons, and the loaded-data ladder.
export { useZodForm, type FieldBinding, type Refusal, type ZodForm } from "./use-zod-form";
export { SelectField, TextField, type SelectOption } from "./fields";
export { BusyButton, SubmitButton } from "./buttons";
export { DraftNotice } from "./draft-notice";
export { removeDraft } from "./use-draft";
