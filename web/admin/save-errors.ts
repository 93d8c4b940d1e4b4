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
    default:
      return "Something went wrong";
  }
}
