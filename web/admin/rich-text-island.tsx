// The rich-text editor as the admin pages use it: a host element whose content is the editor in its own React root
// (rich-text-react-root.ts). Props flow in on every render; the editor's changes come back through onChange.
import { useEffect, useLayoutEffect, useRef } from "react";
import type { RichTextEditorProps } from "./rich-text-editor";
import { type MountedEditor, mountRichTextEditor } from "./rich-text-react-root";

export function RichTextEditor(props: RichTextEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const mounted = useRef<MountedEditor | null>(null);

  useLayoutEffect(() => {
    if (!host.current) return;
    if (mounted.current) mounted.current.render(props);
    else mounted.current = mountRichTextEditor(host.current, props);
  });

  useEffect(
    () => () => {
      const editor = mounted.current;
      mounted.current = null;
      // Unmounting a root while its parent renders is refused by React: leave the current task first.
      if (editor) queueMicrotask(() => editor.unmount());
    },
    [],
  );

  return <div ref={host} className="rte-island" />;
}
