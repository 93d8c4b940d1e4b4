// Each public page's head (title, description, canonical, robots, scholarly tags), built from its loader's data
// on the server. The article's citation_* / Dublin Core / Open Graph / JSON-LD tags come from the citation-tag
// builder in worker/seo/ (articleTags), called here and nowhere else.
import type { JournalRow } from "../data/schema";
import type { PageHead } from "#contract/pages";
import { richTextToPlain } from "#contract/rich-text";
import { clip } from "#contract/html";
import { issnList, journalName } from "#contract/journal-info";

export interface HeadInput {
  /** The page's own title; the journal name is appended (null: the journal name alone, the home page). */
  title: string | null;
  description: string;
  /** Path of the canonical URL, or null for none. */
  canonicalPath: string | null;
  robots?: string | null;
  tags?: string;
}

export function pageHead(journal: JournalRow, origin: string | null, input: HeadInput): PageHead {
  const name = journalName(journal);
  return {
    title: input.title ? `${input.title} | ${name}` : name,
    description: input.description,
    canonical: input.canonicalPath && origin ? `${origin}${input.canonicalPath}` : null,
    robots: input.robots ?? null,
    tags: input.tags ?? "",
  };
}

export function notFoundHead(journal: JournalRow, title = "Page not found"): PageHead {
  return pageHead(journal, null, { title, description: title, canonicalPath: null, robots: "noindex" });
}

export type FixedPage = "home" | "board" | "archives" | "instructions" | "indexing" | "contact" | "submit" | "certificates" | "search";

/** The fixed pages' titles and descriptions, and their canonical paths. */
export function fixedPageHead(journal: JournalRow, origin: string | null, page: FixedPage, opts: { personal?: boolean } = {}): PageHead {
  const name = journalName(journal);
  const issn = issnList(journal.issn).join(", ");
  const home = richTextToPlain(journal.home_content);
  const pages: Record<FixedPage, Omit<HeadInput, "canonicalPath"> & { path: string }> = {
    home: {
      path: "/",
      title: null,
      description: clip(home || `${name}${issn ? ` (ISSN ${issn})` : ""}: an indexed, refereed and peer-reviewed journal.`, 300),
    },
    board: {
      path: "/board",
      title: "Editorial Board",
      description: `Editorial board of ${name}: the Editor-in-Chief, Associate Editors and Assistant Editors.`,
    },
    archives: { path: "/archives", title: "Archives", description: `Every issue of ${name}, by year, volume and issue.` },
    instructions: {
      path: "/instructions",
      title: "Instructions to Authors",
      description: `How to submit to ${name}: manuscript format, publication fees and the copyright form.`,
    },
    indexing: {
      path: "/indexing",
      title: "Indexing and Abstracting",
      description: `Databases and services that index and abstract ${name}.`,
    },
    contact: { path: "/contact", title: "Contact Us", description: `Contact ${name}: postal address, e-mail and phone.` },
    submit: { path: "/article", title: "Submit Online", description: `Submit your manuscript to ${name} online (PDF).` },
    certificates: {
      path: "/pdf",
      title: "Download Publication Certificate",
      description: `Authors of ${name}: download your article, publication certificates, cover page and the editorial board.`,
    },
    search: { path: "/search", title: "Search", description: `Search the articles published in ${name}.`, robots: "noindex, follow" },
  };
  const { path, ...input } = pages[page];
  // Search results and an author's download page are personal: kept out of search engines.
  return pageHead(journal, origin, { ...input, canonicalPath: path, ...(opts.personal ? { robots: "noindex, follow" } : {}) });
}
