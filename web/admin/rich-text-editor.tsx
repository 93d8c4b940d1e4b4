// Rich text for titles, abstracts, home content and address (SPEC §5): Tiptap limited to what the server's
// allowlist keeps (b/strong, i/em, u, sub, sup, br, p), so what staff see is what gets stored.
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Subscript from "@tiptap/extension-subscript";
import Superscript from "@tiptap/extension-superscript";
import { useEffect, useRef } from "react";
import { richTextToPlain, safeHref, sanitizePageHtml, sanitizeRichText } from "#contract/rich-text";

export interface RichTextEditorProps {
  id: string;
  /** Id of the visible label element (contenteditable elements cannot use <label for>). */
  labelId: string;
  value: string;
  onChange: (html: string) => void;
  /** One-line fields (titles): paragraphs are joined with <br> instead of wrapped in <p>. */
  inline?: boolean;
  invalid?: boolean;
  required?: boolean;
  describedBy?: string;
  placeholder?: string;
  /** Shown but not editable (after a one-time form was submitted). */
  readOnly?: boolean;
  /** Exposes the editor so a label click can focus it. */
  editorRef?: React.MutableRefObject<Editor | null>;
  /**
   * A site page (instructions, policies, contact: docs/decisions/0202): headings, lists and links too, as the
   * server's page allowlist keeps them (sanitizePageHtml).
   */
  page?: boolean;
}

/** Tiptap's HTML to the stored form: "" when empty; inline fields lose their paragraph wrappers. */
function toStored(editor: Editor, inline: boolean): string {
  if (editor.isEmpty || !richTextToPlain(editor.getHTML())) return "";
  const html = editor.getHTML();
  if (!inline) return html;
  return html
    .replace(/^<p>/, "")
    .replace(/<\/p>$/, "")
    .replace(/<\/p><p>/g, "<br>")
    .replace(/<p><\/p>/g, "");
}

function ToolbarButton(props: { label: string; shortcut?: string; active?: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      className={`rte__button${props.active ? " is-active" : ""}`}
      aria-pressed={props.active === undefined ? undefined : props.active}
      title={props.shortcut ? `${props.label} (${props.shortcut})` : props.label}
      // Keep the text selection in the editor when the button is pressed.
      onMouseDown={(e) => e.preventDefault()}
      onClick={props.onClick}
    >
      {/* The glyph is decoration; the button's name is the hidden label text. */}
      <span aria-hidden="true">{props.children}</span>
      <span className="visually-hidden">{props.label}</span>
    </button>
  );
}

export function RichTextEditor(props: RichTextEditorProps) {
  const inline = !!props.inline;
  const page = !!props.page;
  const sanitize = page ? sanitizePageHtml : sanitizeRichText;
  const lastEmitted = useRef<string | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;

  const attributes = {
    id: props.id,
    class: "rte__content",
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": props.labelId,
    ...(props.describedBy ? { "aria-describedby": props.describedBy } : {}),
    ...(props.required ? { "aria-required": "true" } : {}),
    ...(props.invalid ? { "aria-invalid": "true" } : {}),
    ...(props.placeholder ? { "data-placeholder": props.placeholder } : {}),
  };

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: page ? { levels: [2, 3] } : false,
        bulletList: page ? {} : false,
        orderedList: page ? {} : false,
        listItem: page ? {} : false,
        listKeymap: page ? {} : false,
        blockquote: false,
        codeBlock: false,
        code: false,
        horizontalRule: false,
        strike: false,
        // Links only where the page allowlist keeps them; never opened by a click while editing, never made from typing.
        link: page ? { openOnClick: false, autolink: false, linkOnPaste: false, protocols: ["mailto"] } : false,
        dropcursor: false,
        trailingNode: false,
      }),
      Subscript,
      Superscript,
    ],
    content: sanitize(props.value),
    // What staff type is what is stored (docs/decisions/0145): "*p*-value" or "C_p_" typed are text, not the
    // Markdown shortcuts that would turn them into italics; formatting comes from the toolbar and Ctrl+B/I/U.
    enableInputRules: false,
    enablePasteRules: false,
    editorProps: { attributes },
    onUpdate: ({ editor }) => {
      const html = toStored(editor, inline);
      lastEmitted.current = html;
      onChange.current(html);
    },
  });

  // Values set from outside (a loaded article, a reset) replace the content; our own echoes do not.
  useEffect(() => {
    if (!editor || props.value === lastEmitted.current) return;
    if (props.value === toStored(editor, inline)) return;
    lastEmitted.current = props.value;
    editor.commands.setContent(sanitize(props.value), { emitUpdate: false });
  }, [editor, props.value, inline, sanitize]);

  // Keep aria-invalid and friends current.
  const attributesKey = JSON.stringify(attributes);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the attributes' content (a new object every render)
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes } });
  }, [editor, attributesKey]);

  useEffect(() => {
    editor?.setEditable(!props.readOnly, false);
  }, [editor, props.readOnly]);

  useEffect(() => {
    if (props.editorRef) props.editorRef.current = editor;
  }, [editor, props.editorRef]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive("bold") ?? false,
      italic: e?.isActive("italic") ?? false,
      underline: e?.isActive("underline") ?? false,
      subscript: e?.isActive("subscript") ?? false,
      superscript: e?.isActive("superscript") ?? false,
      h2: e?.isActive("heading", { level: 2 }) ?? false,
      h3: e?.isActive("heading", { level: 3 }) ?? false,
      bullets: e?.isActive("bulletList") ?? false,
      numbers: e?.isActive("orderedList") ?? false,
      link: e?.isActive("link") ?? false,
      focused: e?.isFocused ?? false,
    }),
  });

  return (
    <div className={`rte${inline ? " rte--inline" : ""}${props.invalid ? " rte--invalid" : ""}${state?.focused ? " rte--focused" : ""}`}>
      <div className="rte__toolbar" role="toolbar" hidden={props.readOnly} aria-label="Formatting" aria-controls={props.id}>
        <ToolbarButton label="Bold" shortcut="Ctrl+B" active={state?.bold} onClick={() => editor?.chain().focus().toggleBold().run()}>
          <b>B</b>
        </ToolbarButton>
        <ToolbarButton label="Italic" shortcut="Ctrl+I" active={state?.italic} onClick={() => editor?.chain().focus().toggleItalic().run()}>
          <i>I</i>
        </ToolbarButton>
        <ToolbarButton
          label="Underline"
          shortcut="Ctrl+U"
          active={state?.underline}
          onClick={() => editor?.chain().focus().toggleUnderline().run()}
        >
          <u>U</u>
        </ToolbarButton>
        <ToolbarButton
          label="Subscript"
          shortcut="Ctrl+,"
          active={state?.subscript}
          onClick={() => editor?.chain().focus().toggleSubscript().run()}
        >
          x<sub>2</sub>
        </ToolbarButton>
        <ToolbarButton
          label="Superscript"
          shortcut="Ctrl+."
          active={state?.superscript}
          onClick={() => editor?.chain().focus().toggleSuperscript().run()}
        >
          x<sup>2</sup>
        </ToolbarButton>
        <ToolbarButton label="Line break" shortcut="Shift+Enter" onClick={() => editor?.chain().focus().setHardBreak().run()}>
          <span aria-hidden="true">↵</span>
        </ToolbarButton>
        {page && editor ? <PageTools editor={editor} state={state} /> : null}
        <span className="rte__sep" aria-hidden="true" />
        <ToolbarButton label="Undo" shortcut="Ctrl+Z" onClick={() => editor?.chain().focus().undo().run()}>
          <span aria-hidden="true">↶</span>
        </ToolbarButton>
        <ToolbarButton label="Redo" shortcut="Ctrl+Shift+Z" onClick={() => editor?.chain().focus().redo().run()}>
          <span aria-hidden="true">↷</span>
        </ToolbarButton>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}

/** A site page's extra tools: two heading levels, two kinds of list, and a link (the address is asked for). */
function PageTools({
  editor,
  state,
}: {
  editor: Editor;
  state: { h2: boolean; h3: boolean; bullets: boolean; numbers: boolean; link: boolean } | null;
}) {
  function link() {
    const current = (editor.getAttributes("link").href as string | undefined) ?? "";
    const typed = window.prompt(
      "Link address (https://…, mailto:…, or a page of this site such as /article). Empty removes the link.",
      current,
    );
    if (typed === null) return;
    if (typed.trim() === "") {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      return;
    }
    const href = safeHref(typed.trim());
    if (!href) {
      window.alert("That address cannot be a link: use https://…, mailto:… or a path such as /article.");
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
  }
  return (
    <>
      <span className="rte__sep" aria-hidden="true" />
      <ToolbarButton label="Heading" active={state?.h2} onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}>
        H2
      </ToolbarButton>
      <ToolbarButton label="Subheading" active={state?.h3} onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()}>
        H3
      </ToolbarButton>
      <ToolbarButton label="Bulleted list" active={state?.bullets} onClick={() => editor.chain().focus().toggleBulletList().run()}>
        •
      </ToolbarButton>
      <ToolbarButton label="Numbered list" active={state?.numbers} onClick={() => editor.chain().focus().toggleOrderedList().run()}>
        1.
      </ToolbarButton>
      <ToolbarButton label="Link" active={state?.link} onClick={link}>
        🔗
      </ToolbarButton>
    </>
  );
}
