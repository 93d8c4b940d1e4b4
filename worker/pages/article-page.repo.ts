// The article page's reads in one D1 round trip (a batch): the public article by its reference number, its stored
// citations, and, where it has them, its published full text and staff's corrections of its references (issue 51).
// A miss must cost about what a hit does (issue 47 item 6): no read waits for another.
import type { Db } from "../core/env";
import { publicArticleByRefQuery, publicArticleIdByRefQuery } from "../archive/articles.repo";
import { storedCitationsByRefQuery, type StoredCitations } from "../scholarly/citations.repo";
import { publishedFulltextQuery, referenceDataQuery } from "../fulltext/fulltext.repo";
import type { ArticleRow } from "../core/data/schema";
import { storedReferences, type StructuredReference } from "#contract/reference-parse";

export interface ArticlePageRead {
  row: ArticleRow | undefined;
  stored: StoredCitations | null;
  /** "" when the article has no published full text. */
  fulltextHtml: string;
  referenceCorrections: StructuredReference[];
}

export async function readArticlePage(db: Db, journalId: number, refnumber: string): Promise<ArticlePageRead> {
  const id = publicArticleIdByRefQuery(db, journalId, refnumber);
  const [rows, stored, fulltext, references] = await db.batch([
    publicArticleByRefQuery(db, journalId, refnumber),
    storedCitationsByRefQuery(db, journalId, refnumber),
    publishedFulltextQuery(db, journalId, id),
    referenceDataQuery(db, journalId, id),
  ]);
  return {
    row: rows[0],
    stored: stored[0] ?? null,
    fulltextHtml: fulltext[0]?.html ?? "",
    referenceCorrections: storedReferences(references[0]?.data),
  };
}
