// A manuscript's own authors never review it (issue 48 item 4): an invitee whose e-mail is the author's or a
// co-author's, or whose name and institution are, is refused before anything is stored or sent.
import type { Db } from "../core/env";
import type { ManuscriptRow } from "../core/data/schema";
import { HttpError } from "../core/errors";
import { nameMatchKey } from "#contract/name-match";
import { findSubmission } from "./submissions.repo";
import { toSubmittedDetails } from "./submission-answers";
import { findReviewerByEmail } from "./reviewers.repo";

interface Person {
  name: string;
  email: string;
  /** An affiliation, or an institute address of several lines (the submitter's). */
  affiliation: string;
}

/** The submitter and the co-authors they named on Submit Online. */
async function authorsOf(db: Db, m: ManuscriptRow): Promise<Person[]> {
  const submission = m.submissionId ? await findSubmission(db, m.journalId, m.submissionId) : undefined;
  const coAuthors = submission ? toSubmittedDetails(submission).coAuthors : [];
  return [{ name: m.authorName, email: m.authorEmail, affiliation: m.address }, ...coAuthors];
}

/** Letters and digits of a name or institution, compared as names are (contract/name-match.ts). */
const plain = (s: string) =>
  nameMatchKey(s)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
/** Titles before a name ("Prof. Dr.") say nothing of who it is. */
const TITLES = /^(?:(?:dr|prof|professor|mr|mrs|ms|miss|sir|assoc|asst|engr|eng)\s+)+/;
const plainName = (s: string) => plain(s).replace(TITLES, "");

/** Whether one institution names the other (an address's line, or the whole of a shorter spelling). */
function sameInstitution(authors: string, invitee: string): boolean {
  const theirs = plain(invitee);
  if (!theirs) return false;
  const lines = [authors, ...authors.split(/[\r\n]+/)].map(plain).filter(Boolean);
  return lines.some(
    (line) => line === theirs || (theirs.length >= 6 && line.includes(theirs)) || (line.length >= 6 && theirs.includes(line)),
  );
}

/** The author the invitee is, if any. */
export function authorAmong(authors: Person[], invitee: { name: string; email: string; affiliation?: string }): Person | undefined {
  const email = invitee.email.trim().toLowerCase();
  const name = plainName(invitee.name);
  return authors.find(
    (a) =>
      (a.email !== "" && a.email.trim().toLowerCase() === email) ||
      (name !== "" && plainName(a.name) === name && sameInstitution(a.affiliation, invitee.affiliation ?? "")),
  );
}

/**
 * 409 reviewer_is_author when the invitee is one of the manuscript's authors. The institution is what staff typed,
 * else what the journal stored for that reviewer.
 */
export async function refuseOwnAuthor(
  db: Db,
  m: ManuscriptRow,
  invitee: { name: string; email: string; affiliation?: string },
): Promise<void> {
  const stored = invitee.affiliation?.trim() ? undefined : await findReviewerByEmail(db, m.journalId, invitee.email);
  const affiliation = invitee.affiliation?.trim() || stored?.affiliation || "";
  if (authorAmong(await authorsOf(db, m), { ...invitee, affiliation })) throw new HttpError(409, "reviewer_is_author");
}
