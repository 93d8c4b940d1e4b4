// The rich-text editor's own React root. Everything else runs on Preact behind the React API (preact-aliases.ts);
// Tiptap's React binding needs the real React, which this module (and only this lazily loaded admin chunk) gets.
import { createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { RichTextEditor, type RichTextEditorProps } from "./rich-text-editor";

export interface MountedEditor {
  render(props: RichTextEditorProps): void;
  unmount(): void;
}

export function mountRichTextEditor(host: HTMLElement, props: RichTextEditorProps): MountedEditor {
  const root: Root = createRoot(host);
  const render = (next: RichTextEditorProps) => root.render(createElement(RichTextEditor, next));
  render(props);
  return { render, unmount: () => root.unmount() };
}
