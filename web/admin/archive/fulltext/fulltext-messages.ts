// What the full-text screen says when a call fails: the full-text codes (contract/fulltext.ts), then the admin's
// usual sentences (network, session, moving journal), never a bare code.
import { FULLTEXT_MESSAGES } from "#contract/fulltext";
import { errorCode } from "../../admin-api";
import { saveErrorMessage } from "../../save-errors";

export function fulltextErrorText(error: unknown): string {
  const code = errorCode(error);
  return FULLTEXT_MESSAGES[code] ?? saveErrorMessage(code);
}
