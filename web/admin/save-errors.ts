// What the admin forms say when a save fails: one readable sentence per error code (SPEC §8 keeps its own
// wording for the codes it names; these cover the rest). Pure, so the API's fault tests check it too.

export const GENERIC_SAVE_ERROR = "The server had a problem saving this. Reload the page to see what is stored, then try again.";
export const STALE_EDIT = "Someone else saved this since you opened it. Reload the page to see their changes; yours were not saved.";

export function saveErrorMessage(code: string): string {
  if (code === "stale_edit") return STALE_EDIT;
  if (code === "internal_error" || /^http_5\d\d$/.test(code)) return GENERIC_SAVE_ERROR;
  switch (code) {
    case "network":
      return "The server could not be reached. Check your connection and try again.";
    case "duplicate_editor":
      return "An editor with this name is already on the board.";
    case "duplicate_issue":
      return "This issue already exists.";
    case "not_found":
      return "This record no longer exists; it may have been deleted.";
    case "unauthorized":
      return "Your session has ended. Please log in again.";
    case "too_many_submissions":
      return "Too many submissions from this address. Please try again in an hour.";
    case "journal_moving":
      return "The journal is moving to another database and its changes are paused. Nothing was saved yet: try again in a minute.";
    default:
      return "Something went wrong";
  }
}

/**
 * Why a save failed, in words, for the line under SPEC §8's headline ("Something went wrong" stays the headline
 * where the spec names it; issue 26 item 5). undefined when the headline says it all.
 */
export function saveErrorDetail(code: string): string | undefined {
  switch (code) {
    case "invalid_file_type":
      return "The file is not of the kind this field takes: a PDF for articles (a file renamed to .pdf is not one), an image for pictures.";
    case "missing_file":
      return "Pick the article's PDF file.";
    case "issue_not_found":
      return "That issue does not exist. Create it under Archives first, or choose an existing issue.";
    case "invalid_input":
      return "A value was refused by the server. Check the highlighted fields; dates may be at most one year ahead.";
    case "domain_not_assigned":
      return "That domain is not one of this journal's addresses. Ask the site operator to assign it first.";
    case "unknown_refnumbers":
      return "Some of the selected articles no longer exist. Reload the page.";
    case "disabled_articles":
      return "Disabled articles cannot be put on the index page or certified. Enable them first.";
    default:
      return undefined;
  }
}
