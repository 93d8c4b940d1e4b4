// The admin session (token and user) lives in localStorage under SESSION_KEY (SPEC §3, §9). Components read
// it through useSession(), so clearing it anywhere (a 401, Logout, another tab) re-renders the admin guard,
// which then sends the browser to /admin/login.
import { useSyncExternalStore } from "react";
import { SESSION_KEY } from "#contract/constants";

export interface SessionUser {
  id: number;
  username: string;
  name: string;
  /** The account's role (contract/roles.ts): the admin UI shows only what it allows; the server decides. */
  role: string;
  /** Signed in with a one-time password: the account page until a new one is chosen. */
  mustChangePassword: boolean;
}

export interface Session {
  token: string;
  user: SessionUser;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedSession: Session | null = null;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): behave as logged out
  }
}

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Session> | null;
    if (!value || typeof value.token !== "string" || !value.token || typeof value.user !== "object" || !value.user) {
      return null;
    }
    const user = value.user as Partial<SessionUser>;
    return {
      token: value.token,
      user: {
        id: Number(user.id ?? 0),
        username: String(user.username ?? ""),
        name: String(user.name ?? ""),
        role: String(user.role ?? ""),
        mustChangePassword: user.mustChangePassword === true,
      },
    };
  } catch {
    return null;
  }
}

/** The stored session, or null. The same object is returned while the stored value is unchanged. */
export function readSession(): Session | null {
  const raw = storage()?.getItem(SESSION_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parse(raw);
  }
  return cachedSession;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function saveSession(session: Session): void {
  storage()?.setItem(SESSION_KEY, JSON.stringify(session));
  notify();
}

export function clearSession(): void {
  storage()?.removeItem(SESSION_KEY);
  notify();
}

/** The bearer token of the stored session, or null. */
export function sessionToken(): string | null {
  return readSession()?.token ?? null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Logging in or out in another tab changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, readSession, () => null);
}
