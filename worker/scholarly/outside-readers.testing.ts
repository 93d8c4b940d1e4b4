// Test helper: what programs nobody here wrote make of the machine outputs (tests/file-checkers.ts, run in Node):
// xmllint with the vendored Crossref and OAI-PMH schemas, bibtool and bibutils' bib2xml for BibTeX.
import { env } from "cloudflare:test";
import { XMLParser } from "fast-xml-parser";

export interface ReaderResult {
  ok: boolean;
  code: number;
  output: string;
}

type Tool =
  | "xmllint-crossref"
  | "xmllint-oai"
  | "xmllint-oai-formats"
  | "xmllint-jats"
  | "xmllint-doaj"
  | "bibtool"
  | "bib2xml"
  | "ris2xml"
  | "pandoc-jats"
  | "pandoc-html";

async function run(tool: Tool, text: string): Promise<ReaderResult> {
  const res = await env.FILE_CHECK.fetch(`http://checker/${tool}`, { method: "POST", body: new TextEncoder().encode(text) });
  return res.json();
}

/** xmllint's verdict on a Crossref deposit (schema 5.3.1); `output` holds its errors. */
export const validateCrossref = (xml: string) => run("xmllint-crossref", xml);
/** xmllint's verdict on an OAI-PMH answer (OAI-PMH.xsd, oai_dc.xsd, oai-identifier.xsd). */
export const validateOai = (xml: string) => run("xmllint-oai", xml);
/** The same, for answers with JATS or MARCXML records (their schemas too). */
export const validateOaiFormats = (xml: string) => run("xmllint-oai-formats", xml);
/** Python's jsonschema on a COUNTER_SUSHI answer, against COUNTER's OpenAPI schema for that path and HTTP status. */
export async function validateCounterApi(body: unknown, path: string, status: number, schema = ""): Promise<ReaderResult> {
  const q = new URLSearchParams({ path, status: String(status), schema });
  const res = await env.FILE_CHECK.fetch(`http://checker/counter-api?${q}`, { method: "POST", body: JSON.stringify(body) });
  return res.json();
}
/** xmllint's verdict on an article's JATS file (JATS 1.3 Journal Publishing). */
export const validateJats = (xml: string) => run("xmllint-jats", xml);
/** pandoc's reading (JSON AST) of an article's JATS, and of a page's HTML: independent readers of the full text. */
export const pandocJats = (xml: string) => run("pandoc-jats", xml);
export const pandocHtml = (html: string) => run("pandoc-html", html);
/** xmllint's verdict on a DOAJ article upload (doajArticles.xsd). */
export const validateDoaj = (xml: string) => run("xmllint-doaj", xml);

/** The entries bibtool reads from a .bib: type, key and fields as bibtool prints them back (values raw). */
export async function bibtoolEntries(bib: string): Promise<{ type: string; key: string; fields: Record<string, string> }[]> {
  const r = await run("bibtool", bib);
  if (!r.ok) throw new Error(`bibtool failed: ${r.output}`);
  const entries: { type: string; key: string; fields: Record<string, string> }[] = [];
  for (const block of r.output.split(/\n(?=@)/)) {
    const head = /^\s*@(\w+)\s*[{(]\s*([^,\s]*)\s*,/.exec(block);
    if (!head) continue;
    const fields: Record<string, string> = {};
    for (const m of block.matchAll(/^\s+(\w+)\s*=\s*(.*?),?$/gm)) fields[m[1].toLowerCase()] = m[2];
    entries.push({ type: head[1].toLowerCase(), key: head[2], fields });
  }
  return entries;
}

const mods = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (name) => ["mods", "name", "namePart"].includes(name),
});

/** The references bibutils' bib2xml reads from a .bib (as MODS): title and each author's name parts. */
export async function bib2xmlEntries(bib: string): Promise<{ title: string; authors: string[] }[]> {
  const r = await run("bib2xml", bib);
  const xml = r.output.replace(/^\uFEFF/, "").replace(/bib2xml:.*$/gm, "");
  const doc = mods.parse(xml);
  const list: any[] = doc.modsCollection?.mods ?? [];
  const text = (v: any): string => (typeof v === "object" && v !== null ? String(v["#text"] ?? "") : String(v ?? ""));
  return list.map((m) => ({
    title: [text(m.titleInfo?.title), text(m.titleInfo?.subTitle)].filter(Boolean).join(": "),
    authors: (m.name ?? []).map((n: any) => (n.namePart as any[]).map(text).join(" ")),
  }));
}

// biome-ignore lint/suspicious/noExplicitAny: MODS as fast-xml-parser reads it
type Mods = any;

/** One reference as bibutils reads it (MODS): title, authors "Given Family", year, host title, volume, pages, DOI. */
export interface ModsReference {
  genre: string[];
  title: string;
  authors: string[];
  year: string;
  host: string;
  volume: string;
  issue: string;
  pages: string;
  doi: string;
  note: string;
}

/** Every reference bibutils' bib2xml or ris2xml reads from a .bib or .ris file (an error when it read none). */
export async function modsReferences(tool: "bib2xml" | "ris2xml", file: string): Promise<ModsReference[]> {
  const r = await run(tool, file);
  const xml = r.output.replace(/^\uFEFF/, "").replace(/(?:bib|ris)2xml:.*$/gm, "");
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    isArray: (name) => ["mods", "name", "namePart", "genre", "titleInfo", "detail", "identifier", "note"].includes(name),
  }).parse(xml);
  const text = (v: Mods): string => (typeof v === "object" && v !== null ? String(v["#text"] ?? "") : String(v ?? ""));
  const title = (infos: Mods[] | undefined) => text((infos ?? []).find((t) => !t["@type"])?.title) || text(infos?.[0]?.title);
  const detail = (part: Mods, type: string) => text((part?.detail ?? []).find((d: Mods) => d["@type"] === type)?.number);
  return (doc.modsCollection?.mods ?? []).map((m: Mods) => {
    const part = m.part ?? m.relatedItem?.part;
    const extent = part?.extent;
    return {
      genre: (m.genre ?? []).map(text),
      title: title(m.titleInfo),
      authors: (m.name ?? []).map((n: Mods) => {
        const parts = n.namePart as Mods[];
        const given = parts.filter((p) => p["@type"] === "given").map(text);
        const family = parts.filter((p) => p["@type"] === "family").map(text);
        return [...given, ...family].join(" ");
      }),
      year: text(m.originInfo?.dateIssued) || text(part?.date),
      host: title(m.relatedItem?.titleInfo),
      volume: detail(part, "volume"),
      issue: detail(part, "issue"),
      pages: extent ? [text(extent.start), text(extent.end)].filter(Boolean).join("-") : "",
      doi: text((m.identifier ?? []).find((i: Mods) => i["@type"] === "doi")),
      note: (m.note ?? []).map(text).join(" "),
    };
  });
}
