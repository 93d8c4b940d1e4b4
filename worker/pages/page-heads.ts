// Each public page's head (title, description, canonical, robots, scholarly tags), built on the server: fixed
// pages' from their registry entry (contract/pages.ts), the issue's and the article's from their loader's data
// (the article's citation_* / Dublin Core / Open Graph / JSON-LD tags from worker/scholarly/article-page.ts).
import type { JournalRow } from "../core/data/schema";
import { fixedHeadOf, PUBLIC_PAGES, type FixedPageId, type PageHead } from "#contract/pages";
import { richTextToPlain } from "#contract/rich-text";
import { issnList, journalName } from "#contract/journal-info";
import { brandingPath } from "#contract/branding";
import { clip, metaName, metaProperty } from "#contract/html";
import { localizedPath, type LanguageOffer } from "#contract/i18n/addresses";
import type { Language } from "#contract/i18n/languages";
import type { Translator } from "#contract/i18n/messages";

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
  const title = input.title ? `${input.title} | ${name}` : name;
  const canonical = input.canonicalPath && origin ? `${origin}${input.canonicalPath}` : null;
  return {
    title,
    description: input.description,
    canonical,
    robots: input.robots ?? null,
    // The article page brings its own Open Graph tags (contract/citation.ts); every other page gets the site's.
    tags: input.tags || (canonical && origin ? siteCardTags(journal, name, origin, canonical, title, input.description) : ""),
  };
}

/** Open Graph and Twitter card tags of a page that is not an article: the journal's own cover as the image. */
function siteCardTags(journal: JournalRow, name: string, origin: string, url: string, title: string, description: string): string {
  return [
    metaProperty("og:type", "website"),
    metaProperty("og:site_name", name),
    metaProperty("og:title", title),
    metaProperty("og:description", description),
    metaProperty("og:url", url),
    metaProperty("og:image", `${origin}${brandingPath("cover", journal.coverImageFile)}`),
    metaName("twitter:card", "summary"),
  ].join("");
}

/** The head of a page that is not there, in the page's language (`title`: what is missing; a page by default). */
export function notFoundHead(journal: JournalRow, t: Translator["t"], title = t("head.notFound")): PageHead {
  return pageHead(journal, null, { title, description: title, canonicalPath: null, robots: "noindex" });
}

/** A fixed page's head, from its registry entry (contract/pages.ts); search results and an author's download page
 * are personal (`personal`): kept out of search engines. */
export function fixedPageHead(
  journal: JournalRow,
  origin: string | null,
  page: FixedPageId,
  t: Translator["t"],
  opts: { personal?: boolean } = {},
): PageHead {
  const facts = { journal: journalName(journal), issns: issnList(journal.issn).join(", ") || "none" };
  const head = fixedHeadOf(page);
  const robots = opts.personal ? "noindex, follow" : (head.robots ?? null);
  // The home page's description is the journal's own home text when it has one (in the language it wrote it in).
  const homeText = page === "home" ? richTextToPlain(journal.home_content) : "";
  return pageHead(journal, origin, {
    title: head.title && t(head.title),
    description: clip(homeText || t(head.description, facts), 300),
    canonicalPath: PUBLIC_PAGES[page].path,
    robots,
  });
}

/**
 * A page's head in `lang` (docs/decisions/0351): its canonical address is that language's, and it names the page
 * in every language the journal offers plus `x-default` (the primary language's plain address). Pages without a
 * canonical address (search results, errors) name no alternates.
 */
export function localizedHead(head: PageHead, offer: LanguageOffer, lang: Language): PageHead {
  if (!head.canonical || offer.offered.length < 2) return head;
  const plain = new URL(head.canonical);
  const at = (l: Language) => `${plain.origin}${localizedPath(offer, l, plain.pathname)}${plain.search}`;
  const canonical = at(lang);
  return {
    ...head,
    canonical,
    tags: head.tags.replace(metaProperty("og:url", head.canonical), () => metaProperty("og:url", canonical)),
    alternates: [...offer.offered.map((l) => ({ hreflang: l, href: at(l) })), { hreflang: "x-default", href: at(offer.primary) }],
  };
}
