// Re-login in place (docs/decisions/0145): when the server answers 401 (the session expired or was ended
// elsewhere), the admin client asks the page's ReloginDialog for the password instead of dropping the page, then
// sends the same request again with the new token. Every 401 that arrives while the dialog is up waits for the same
// answer. Without a mounted dialog (the login page itself), or when staff choose to leave, the session is cleared
// and the guard sends the browser to /admin/login as before (SPEC §4).
import { useSyncExternalStore } from "react";

type Waiter = (loggedIn: boolean) => void;

let hosts = 0;
let waiters: Waiter[] = [];
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Whether a request waits for the staff member to log in again (the dialog shows while true). */
function isAsking(): boolean {
  return waiters.length > 0;
}

/**
 * Asks for a new login in place; resolves true once logged in again (the new session is stored), false when staff
 * chose to leave or no page can ask.
 */
export function requestRelogin(): Promise<boolean> {
  if (hosts === 0 || typeof window === "undefined") return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    waiters.push(resolve);
    if (waiters.length === 1) notify();
  });
}

/** The dialog's answer: every waiting request goes on (true) or gives up (false). */
export function answerRelogin(loggedIn: boolean): void {
  const waiting = waiters;
  waiters = [];
  notify();
  for (const resolve of waiting) resolve(loggedIn);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For ReloginDialog: registers it as the one who asks, and tells it when to show. */
export function useReloginRequest(): boolean {
  return useSyncExternalStore(subscribe, isAsking, () => false);
}

/** Registers a mounted dialog; returns the unregister function (a request made without one gives up at once). */
export function hostRelogin(): () => void {
  hosts += 1;
  return () => {
    hosts -= 1;
    if (hosts === 0 && waiters.length) answerRelogin(false);
  };
}
