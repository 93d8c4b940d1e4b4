// Which issues and articles readers and indexers see (issue 48 item 8, docs/decisions/0383): an issue staff are
// still building (draft, or scheduled for a later day) is nobody's business but theirs. Every public read of
// issues or articles goes through these conditions (isPublic in articles.repo.ts for articles), never a twin.
import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { articles, issues } from "../core/data/schema";
import { ISSUE_STATUS } from "#contract/issues";

/** An issue readers see (on a query of the issues table). */
export const issueIsPublished: SQL = eq(issues.status, ISSUE_STATUS.published);

/**
 * An article no unpublished issue holds (on a query of the articles table). Articles are filed under their issue by
 * (year, volume, issue); one filed under no issue row stays public, as it always was.
 */
export const articleIssuePublished: SQL = sql`NOT EXISTS (SELECT 1 FROM ${issues} WHERE ${and(
  eq(issues.journalId, articles.journalId),
  eq(issues.year, articles.year),
  eq(issues.volume, articles.volume),
  eq(issues.issue, articles.issue),
  ne(issues.status, ISSUE_STATUS.published),
)})`;

/** The ids of a journal's articles that unpublished issues hold, as a subquery (statements over other tables: search). */
export const unpublishedArticleIds = (journalId: number): SQL =>
  sql`SELECT a.id FROM articles a JOIN issues i ON i.journal_id = a.journal_id AND i.year = a.year AND i.volume = a.volume
    AND i.issue = a.issue WHERE i.journal_id = ${journalId} AND i.status <> ${ISSUE_STATUS.published}`;
