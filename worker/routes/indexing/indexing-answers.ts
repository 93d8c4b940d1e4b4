// An indexing partner's API shape (worker/schemas/api.ts), made from its row.
import type { IndexingRow } from "../../data/schema";
import { filePaths } from "../../files/keys";
import { publicIndexingEntrySchema, type IndexingEntry } from "../../schemas/api";

export const toIndexingEntry = (row: IndexingRow): IndexingEntry =>
  publicIndexingEntrySchema.parse({ ...row, image_url: row.image ? filePaths.indexingLogo(row.image) : "" });
