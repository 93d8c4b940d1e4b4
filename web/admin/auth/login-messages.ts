// The sign-in refusals in words (SPEC §8), shared by the login page and the re-login dialog.
import type { FlashMessage } from "../admin-ui";

/** SPEC §8 login messages; 429 keeps the catalogue's text and adds why (docs/decisions/0030). */
export function loginMessage(status: number, code: string): FlashMessage {
  switch (code) {
    case "invalid_credentials":
      return { kind: "error", text: "Invalid user and password" };
    case "disabled":
      return { kind: "error", text: "User disabled" };
    case "invalid_ip":
      return { kind: "error", text: "Invalid IP" };
    default:
      return status === 429 || code === "too_many_attempts"
        ? {
            kind: "error",
            text: "Something went wrong",
            detail: "Too many failed sign-in attempts. Wait a few minutes, then try again.",
          }
        : { kind: "error", text: "Something went wrong" };
  }
}
