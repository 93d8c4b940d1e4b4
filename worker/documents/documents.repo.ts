// Reads for the PDF documents (certificates, cover page, board, index page): articles by reference number and
// editors by id, scoped to one journal. D1 binds at most 100 parameters per statement: IN lists go in chunks.
import { and, asc, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { Db } from "../core/env";
import { publicArticleByRefQuery } from "../archive/articles.repo";
import { enabledEditorsQuery } from "../editors/editors.repo";
import { articles, editors, type ArticleRow, type EditorRow } from "../core/data/schema";

const CHUNK = 90;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The journal's articles with these reference numbers, whatever their status: the admin selected them on the
 * issue screen (public document routes use findPublicArticleByRef, which requires enabled).
 */
export async function listArticlesByRefs(db: Db, journalId: number, refnumbers: string[]): Promise<ArticleRow[]> {
  if (!refnumbers.length) return [];
  const parts = chunks(refnumbers).map((part) =>
    db
      .select()
      .from(articles)
      .where(
        and(
          eq(articles.journalId, journalId),
          isNotNull(articles.refnumber),
          ne(articles.refnumber, ""),
          inArray(articles.refnumber, part),
        ),
      )
      .orderBy(asc(articles.id)),
  );
  const results = await Promise.all(parts);
  return results.flat();
}

/** The journal's editors with these ids, enabled or not (the admin ticked them in the editors list). */
export async function listEditorsByIds(db: Db, journalId: number, ids: number[]): Promise<EditorRow[]> {
  if (!ids.length) return [];
  const results = await Promise.all(
    chunks(ids).map((part) =>
      db
        .select()
        .from(editors)
        .where(and(eq(editors.journalId, journalId), inArray(editors.id, part)))
        .orderBy(asc(editors.id)),
    ),
  );
  return results.flat();
}

/** A public article by reference number and the journal's enabled editors, in one round trip (a certificate's facts). */
export const articleWithEditors = (db: Db, journalId: number, ref: string) =>
  db.batch([publicArticleByRefQuery(db, journalId, ref), enabledEditorsQuery(db, journalId)]);
