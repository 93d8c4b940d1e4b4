// A citation as a reader sees it: the plain citation string (what is copied and exported) with the article's
// title shown in its own rich text, so Fe<sub>3</sub>O<sub>4</sub>, K<sup>+</sup>/Na<sup>+</sup> and Pb<sup>2+</sup>
// keep their sub- and superscripts (issue #27 item 13). The citation styles write the title as stored; when a
// style changed it (no verbatim copy of the plain title in the string), the plain citation is shown as it is.
import { richTextToPlain } from "#contract/rich-text";
import { RichText } from "./rich-text";

/** Whether rich text carries sub- or superscript (anything else in a title reads the same as plain text). */
const hasScripts = (html: string) => /<su[bp]>/i.test(html);

export function CitationText({ text, titleHtml }: { text: string; titleHtml: string }) {
  const plainTitle = richTextToPlain(titleHtml);
  const at = hasScripts(titleHtml) && plainTitle ? text.indexOf(plainTitle) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <RichText as="span" html={titleHtml} />
      {text.slice(at + plainTitle.length)}
    </>
  );
}
