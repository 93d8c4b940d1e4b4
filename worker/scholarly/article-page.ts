// The head of an article (abstract) page: Google Scholar (Highwire Press) citation_* tags, Dublin Core,
// Open Graph and a schema.org ScholarlyArticle JSON-LD block (see docs/decisions/0041). The visible page is
// the React article page, rendered in the Worker (worker/pages/, docs/decisions/0070).
import type { ArticleRow, JournalRow } from "../core/data/schema";
import { richTextToPlain } from "#contract/rich-text";
import { articleHeadTags, splitAuthors } from "#contract/citation";
import { clip } from "#contract/html";
import { scholarlyRecord, type RecordExtras } from "./scholarly-record";

export interface ArticleHead {
  title: string;
  description: string;
  /** Everything for <head> besides <title>, description and canonical. */
  head: string;
}

export function articleHead(a: ArticleRow, journal: JournalRow, origin: string | null, extras: RecordExtras = {}): ArticleHead {
  const titleText = richTextToPlain(a.title);
  const abstractText = richTextToPlain(a.abstract);
  const authors = splitAuthors(a.authorname);
  const tags = [articleHeadTags(scholarlyRecord(a, journal, origin, extras))];

  return {
    title: titleText,
    description: clip(abstractText || `${titleText}. ${authors.join(", ")}.`, 300),
    head: tags.join("\n"),
  };
}
