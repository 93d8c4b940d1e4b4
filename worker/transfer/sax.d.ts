// The few parts of sax (1.x) the streaming readers use; the package ships no types.
declare module "sax" {
  export interface Tag {
    name: string;
    attributes: Record<string, string>;
    isSelfClosing: boolean;
  }
  export interface SAXParser {
    line: number;
    column: number;
    onopentag: (tag: Tag) => void;
    onclosetag: (name: string) => void;
    ontext: (text: string) => void;
    oncdata: (text: string) => void;
    /** The DOCTYPE declaration's text (after "<!DOCTYPE"), with its internal subset. */
    ondoctype: (doctype: string) => void;
    onerror: (err: Error) => void;
    write(chunk: string): SAXParser;
    close(): SAXParser;
    resume(): SAXParser;
  }
  export function parser(
    strict: boolean,
    opts?: { trim?: boolean; normalize?: boolean; lowercase?: boolean; position?: boolean },
  ): SAXParser;
  const sax: { parser: typeof parser };
  export default sax;
}
