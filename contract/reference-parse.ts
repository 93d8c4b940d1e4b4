// A reference as typed (in the article form, an import or the Word file) read into its parts: authors, year, title,
// source, volume, issue, pages and DOI (issue 51 item 4, docs/decisions/0361). A reading, not a truth: staff correct
// what the parser guessed wrong, and their correction is kept for that reference's text. Runtime-neutral.
// Reads the styles authors use: APA/Harvard ("Rao, A. K., & Singh, P. (2020). Title. Journal, 12(3), 45–52."),
// Vancouver ("Rao AK, Singh P. Title. J Environ Sci. 2020;12(3):45-52.") and the name-year style of this journal
// ("Rao A., Singh P. (2020). Title. Journal 12(3): 45-52.").
import { z } from "zod";
import { richTextToPlain } from "./rich-text";

export const referenceAuthorSchema = z.object({ family: z.string().max(200), given: z.string().max(200) });

export const structuredReferenceSchema = z.object({
  /** The reference's text as stored (rich text), the key a staff correction belongs to. */
  raw: z.string().max(4000),
  authors: z.array(referenceAuthorSchema).max(100),
  year: z.string().max(20),
  title: z.string().max(1000),
  source: z.string().max(500),
  volume: z.string().max(50),
  issue: z.string().max(50),
  fpage: z.string().max(50),
  lpage: z.string().max(50),
  doi: z.string().max(300),
  /** Where the DOI came from: the reference's text, Crossref's matching, or staff. */
  doiFrom: z.enum(["", "text", "crossref", "staff"]),
  /** True once staff corrected the parts. */
  checked: z.boolean(),
});
export type StructuredReference = z.infer<typeof structuredReferenceSchema>;
export type ReferenceAuthor = z.infer<typeof referenceAuthorSchema>;

const DOI = /\b(10\.\d{4,9}\/[^\s"<>]+)/i;
const DOI_WRAPPER = /(?:https?:\/\/(?:dx\.)?doi\.org\/|\bdoi:\s*|\bDOI\s*:?\s*)?10\.\d{4,9}\/[^\s"<>]+/i;

/** A DOI as registries store it: no trailing punctuation a sentence added. */
export function cleanDoi(doi: string): string {
  return doi.replace(/[.,;)\]]+$/, "");
}

const INITIALS = /^(?:[A-Z][a-z]?\.?[\s-]?){1,4}$/;

/** One author as written: "Rao A. K.", "Rao AK", "A. K. Rao", "Rao, A. K." (already split). */
function author(text: string): ReferenceAuthor | null {
  const t = text.replace(/^(and|&)\s+/i, "").trim();
  if (!t || /^et al\.?$/i.test(t)) return null;
  const words = t.split(/\s+/);
  // "Family Initials": initials last.
  let i = words.length;
  while (i > 1 && INITIALS.test(words[i - 1])) i--;
  if (i < words.length) return { family: words.slice(0, i).join(" "), given: words.slice(i).join(" ") };
  // "Initials Family": initials first.
  let j = 0;
  while (j < words.length - 1 && INITIALS.test(words[j])) j++;
  if (j > 0) return { family: words.slice(j).join(" "), given: words.slice(0, j).join(" ") };
  return { family: t, given: "" };
}

/** The author list: "Family, I. I., Family, I." (APA) or "Family I, Family I" (Vancouver, this journal). */
export function parseAuthors(text: string): ReferenceAuthor[] {
  const list = text
    .replace(/\bet al\.?/i, "")
    .replace(/\s*(?:,\s*)?(?:&|\band\b)\s*/g, ", ")
    .trim()
    .replace(/[,;]\s*$/, "");
  const apa = [...list.matchAll(/([^,;]+?),\s*((?:[A-Z][a-z]?\.[\s-]?)+)(?=,|;|$)/g)];
  if (
    apa.length &&
    apa
      .map((m) => m[0])
      .join(",")
      .replace(/[\s,;]/g, "").length >=
      list.replace(/[\s,;]/g, "").length - 1
  ) {
    return apa.map((m) => ({ family: m[1].trim(), given: m[2].trim() }));
  }
  return list
    .split(/\s*[,;]\s*/)
    .map(author)
    .filter((a): a is ReferenceAuthor => a !== null);
}

/** Volume, issue and pages from the tail of a reference ("12(3): 45-52", "2020;12(3):45-52", "12, 45–52"). */
function numbers(tail: string): Pick<StructuredReference, "volume" | "issue" | "fpage" | "lpage"> {
  const m =
    /(\d+)\s*(?:\(\s*([\w-]+)\s*\))?\s*[:,]\s*(?:pp?\.\s*)?([A-Za-z]?\d+)(?:\s*[-–—]\s*([A-Za-z]?\d+))?/.exec(tail) ??
    /(\d+)\s*\(\s*([\w-]+)\s*\)/.exec(tail);
  if (!m) return { volume: "", issue: "", fpage: "", lpage: "" };
  return { volume: m[1] ?? "", issue: m[2] ?? "", fpage: m[3] ?? "", lpage: m[4] ?? "" };
}

/** Splits at sentence ends (". "), not after initials ("A. K.") or abbreviations of one or two letters ("J. Sci."). */
function sentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of text.matchAll(/[.?!]\s+/g)) {
    const before = text.slice(start, m.index);
    const word = /(\S+)$/.exec(before)?.[1] ?? "";
    if (m[0][0] === "." && /^[A-Za-z]{1,2}$/.test(word)) continue;
    out.push(text.slice(start, m.index + 1).trim());
    start = m.index + m[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

const strip = (s: string) => s.replace(/^[\s.,;:]+|[\s.,;:]+$/g, "");

/** The parser's reading of one reference (rich text or plain). */
export function parseReference(raw: string): StructuredReference {
  let text = richTextToPlain(raw)
    .replace(/^\s*(?:\[\d+\]|\d+\.)\s*/, "")
    .trim();
  const doiMatch = DOI.exec(text);
  const doi = doiMatch ? cleanDoi(doiMatch[1]) : "";
  text = text
    .replace(DOI_WRAPPER, "")
    .replace(/\s*(?:Available (?:from|at):?\s*)?https?:\/\/\S+/gi, "")
    .trim();
  const base: StructuredReference = {
    raw,
    authors: [],
    year: "",
    title: "",
    source: "",
    volume: "",
    issue: "",
    fpage: "",
    lpage: "",
    doi,
    doiFrom: doi ? "text" : "",
    checked: false,
  };
  // Name-year styles: "Authors (2020). Title. Source 12(3): 45-52."
  const apa = /^(.*?)\s*\((\d{4})[a-z]?\)\.?\s*(.*)$/.exec(text);
  if (apa) {
    const [title, ...rest] = sentences(apa[3]);
    const tail = rest.join(" ");
    const source = /^(.*?)(?=,?\s*\d+\s*(?:\(|[:,]))/.exec(tail)?.[1] ?? tail;
    return {
      ...base,
      authors: parseAuthors(apa[1]),
      year: apa[2],
      title: strip(title ?? ""),
      source: strip(source),
      ...numbers(tail.slice(source.length)),
    };
  }
  // Vancouver: "Authors. Title. Source. 2020;12(3):45-52." (authors are "Family INITIALS", comma separated).
  const names = VANCOUVER_AUTHORS.exec(text);
  const rest = names ? text.slice(names[0].length) : text;
  const yearMatch = /[.;,]\s*((?:1[5-9]|20)\d\d)\b(?!.*\b(?:1[5-9]|20)\d\d\b)(.*)$/.exec(rest);
  const front = yearMatch ? rest.slice(0, yearMatch.index) : rest;
  const [title, ...more] = sentences(front);
  return {
    ...base,
    authors: names ? parseAuthors(names[0].replace(/\.\s*$/, "")) : [],
    year: yearMatch?.[1] ?? "",
    title: strip(title ?? ""),
    source: strip(more.join(" ")),
    ...numbers(yearMatch?.[2] ?? ""),
  };
}

const VANCOUVER_AUTHORS = /^(?:\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)*\s\p{Lu}{1,4}(?:,\s+|\.\s+|\s+(?=et al)))+(?:et al\.\s+)?/u;

/**
 * The article's references as structured: each line read by the parser, unless staff corrected that very text
 * (their stored reading is kept; a reference whose text changed is read again).
 */
export function structuredReferences(lines: string[], stored: StructuredReference[]): StructuredReference[] {
  const byRaw = new Map(stored.map((r) => [r.raw, r]));
  return lines.map((line) => byRaw.get(line) ?? parseReference(line));
}

/** The stored corrections from their JSON column ('' or anything unreadable: none). */
export function storedReferences(json: string | null | undefined): StructuredReference[] {
  if (!json) return [];
  try {
    const parsed = z.array(structuredReferenceSchema).safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
