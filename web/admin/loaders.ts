// What every admin route loader shares: GET an admin API path with the session's token. No session, or a token the
// server refuses (any 401 clears the session in admin-api.ts), sends the browser to /admin/login; `logAs` names a
// load whose failure is logged to the console (SPEC §8 says which failures are only logged). Other failures are
// thrown to the page's errorElement.
import { replace } from "react-router";
import { sessionToken } from "../lib/session";
import { adminJson, ApiError, isAbort } from "./admin-api";

export async function loadAdminJson<T>(path: string, request: Request, logAs?: string): Promise<T> {
  if (!sessionToken()) throw replace("/admin/login");
  try {
    return await adminJson<T>(path, { signal: request.signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw replace("/admin/login");
    if (logAs && !isAbort(error)) console.error(logAs, error);
    throw error;
  }
}

/** For the loads SPEC §8 only logs: the failure is logged under `logAs` and the page gets null instead. */
export async function loadAdminJsonOrNull<T>(path: string, request: Request, logAs: string): Promise<T | null> {
  try {
    return await loadAdminJson<T>(path, request, logAs);
  } catch (error) {
    if (error instanceof Response) throw error; // the redirect to the login page
    return null;
  }
}
