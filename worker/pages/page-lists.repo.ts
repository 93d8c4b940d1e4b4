// The lists a public page reads together, each page's in one round trip (the edge-cache test counts them).
import type { Db } from "../core/env";
import { archiveYearsQuery, issueCoversQuery } from "../archive/issues.repo";
import { enabledIndexingQuery } from "../journals/indexing.repo";

/** The home page: the archive's years and the enabled indexing services. */
export const homeLists = (db: Db, journalId: number) => db.batch([archiveYearsQuery(db, journalId), enabledIndexingQuery(db, journalId)]);

/** The archive: the years and the issues' covers. */
export const archiveLists = (db: Db, journalId: number) => db.batch([archiveYearsQuery(db, journalId), issueCoversQuery(db, journalId)]);
