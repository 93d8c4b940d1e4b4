// A form-kit field holding the rich-text editor (title, abstract, home content, address). Kept out of the kit's
// index so pages without one never load the editor. The label is not a <label> (contenteditable cannot be
// labelled with `for`): a click on it focuses the editor.
import type { ReactNode, RefObject } from "react";
import type { Editor } from "@tiptap/react";
import { describedBy, Field } from "./admin-ui";
import type { FieldBinding } from "./form-kit";
import { RichTextEditor } from "./rich-text-editor";

export function RichTextField(props: {
  field: FieldBinding;
  label: ReactNode;
  editorRef: RefObject<Editor | null>;
  required?: boolean;
  inline?: boolean;
  /** A site page's text: headings, lists and links too. */
  page?: boolean;
  hint?: ReactNode;
}) {
  const { field, editorRef } = props;
  const labelId = `${field.id}-label`;
  return (
    <Field
      id={field.id}
      labelId={labelId}
      label={props.label}
      required={props.required}
      hint={props.hint}
      error={field.error}
      invalid={field.invalid}
      onLabelClick={() => editorRef.current?.commands.focus()}
    >
      <RichTextEditor
        id={field.id}
        labelId={labelId}
        value={field.value}
        onChange={field.onChange}
        inline={props.inline}
        page={props.page}
        required={props.required}
        invalid={field.invalid}
        describedBy={describedBy(field.id, { error: !!field.error, hint: !!props.hint })}
        editorRef={editorRef}
        readOnly={field.readOnly}
      />
    </Field>
  );
}
