// The rendered citations of one article, from the stored copy when it was made from the same inputs, else
// rendered by citeproc and stored for the next reader (docs/decisions/0103-citation-styles.md).
import type { Db } from "../core/env";
import type { ArticleCitations } from "#contract/api";
import { findStoredCitations, storeCitations, type StoredCitations } from "./citations.repo";
import { cslItem, renderCitations } from "./citation-styles";
import type { ScholarlyRecord } from "./scholarly-record";
import { isJournalMoving } from "../core/data/journal-moving";

/** Bumped when the styles change, so every stored rendering is made again. */
const STYLES_VERSION = "1";

/** `prefetched`: the stored row when the caller read it in its own batch (null: none stored), else it is read here. */
export async function citationsOf(
  db: Db,
  articleId: number,
  record: ScholarlyRecord,
  defer: (p: Promise<unknown>) => void,
  prefetched?: StoredCitations | null,
): Promise<ArticleCitations> {
  const inputs = `${STYLES_VERSION}:${JSON.stringify(cslItem(record))}`;
  const stored = prefetched !== undefined ? prefetched : await findStoredCitations(db, articleId);
  if (stored && stored.inputs === inputs) {
    try {
      return JSON.parse(stored.citations) as ArticleCitations;
    } catch {
      // re-render below
    }
  }
  const citations = renderCitations(record);
  defer(
    storeCitations(db, articleId, inputs, JSON.stringify(citations)).catch((e) => {
      // A journal moving databases refuses writes for a few seconds (docs/decisions/0280): the next reader stores it.
      if (!isJournalMoving(e)) console.error("storing citations failed", e);
    }),
  );
  return citations;
}
