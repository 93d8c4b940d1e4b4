// The outbox's second line of defence against header injection (docs/decisions/0300): whatever a row holds — a name
// stored before the schemas refused line breaks, an imported title in a subject template, a journal's name — every
// value that becomes a mail header is collapsed to one line when the message is written and again when it is sent.
import { HEADER_BREAKING } from "#contract/mail-header";

const BREAKING_RUNS = new RegExp(`(?:${HEADER_BREAKING.source})+`, "gu");

/** A display name or subject on one line: each run of control characters becomes one space. */
export const headerText = (v: string): string => v.replace(BREAKING_RUNS, " ").replace(/ {2,}/g, " ").trim();

/** An address never holds a space or a control character: whatever slipped in is dropped. */
export const headerAddress = (v: string): string => v.replace(BREAKING_RUNS, "").replace(/\s+/g, "");
