// An indexing partner's API shape (contract/api.ts), made from its row.
import type { IndexingRow } from "../core/data/schema";
import { filePaths } from "../core/files/keys";
import { publicIndexingEntrySchema, type IndexingEntry } from "#contract/api";

export const toIndexingEntry = (row: IndexingRow): IndexingEntry =>
  publicIndexingEntrySchema.parse({ ...row, image_url: row.image ? filePaths.indexingLogo(row.image) : "" });
