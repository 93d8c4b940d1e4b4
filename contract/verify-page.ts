// What the /verify page shows (docs/decisions/0170-certificate-verification.md): a form when no code is given,
// else the outcome of checking one. Runtime-neutral: worker/verification/verify-loader.ts fills it, web/public/
// verify-page.tsx shows it.
import type { PageHead } from "./pages";

/** An author's certificate of publication, as the journal's records state it today. */
export interface VerifiedPublication {
  kind: "publication";
  /** The author's name as the certificate prints it; null when that person is no longer listed. */
  name: string | null;
  /** The article title (plain text). */
  title: string;
  refnumber: string;
  journal: string;
  volume: number;
  issue: number;
  year: number;
  /** "18 March 2024" (the publish date), or the year when none is recorded. */
  published: string;
  /** The article's page on this site (null when it has no public page, e.g. disabled). */
  articlePath: string | null;
}

/** An editor's certificate of appointment. */
export interface VerifiedAppointment {
  kind: "appointment";
  name: string;
  degree: string;
  /** "Associate Editor" */
  role: string;
  journal: string;
  /** "March 2024": when the editor joined the board. */
  since: string;
}

export type VerifiedCertificate = VerifiedPublication | VerifiedAppointment;

/** Why a genuine certificate no longer holds. */
export type RevokedReason =
  /** The article was disabled (withdrawn) or deleted. */
  | "article_withdrawn"
  /** The person is no longer among the article's authors. */
  | "author_removed"
  /** The editor was disabled or removed from the board. */
  | "editor_removed"
  /** The editor now holds another board position than the certificate states. */
  | "position_changed";

export type VerifyOutcome =
  /** No code given: the page shows the form only. */
  | { status: "form" }
  /** What was typed cannot be a code (length, letters outside the alphabet). */
  | { status: "malformed"; typed: string }
  /** Signed with a key this journal does not (or no longer) hold: not a code this journal issued. */
  | { status: "unknown"; code: string }
  /** The signature does not match: a changed or mistyped symbol, or another journal's code. */
  | { status: "tampered"; code: string }
  /** Too many codes that did not verify came from the caller's address lately (429; docs/decisions/0183). */
  | { status: "throttled"; retryAfterSeconds: number }
  | { status: "valid"; code: string; certificate: VerifiedCertificate }
  /** Genuine but no longer valid; `certificate` is what can still be shown (null when nothing can). */
  | { status: "revoked"; code: string; reason: RevokedReason; certificate: VerifiedCertificate | null };

export interface VerifyData {
  head: PageHead;
  outcome: VerifyOutcome;
  /** The journal is suspended by its platform: the rest of its site is offline, its certificates still verify here. */
  suspended?: boolean;
}
