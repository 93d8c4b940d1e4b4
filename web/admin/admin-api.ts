// The admin side's HTTP client. Every call carries the session's bearer token. A 401 (the session expired or was
// ended elsewhere) first asks for the password in place (relogin.ts) and sends the same request again, so nothing
// typed is lost; if staff leave instead, the session is cleared and the admin guard sends the browser to
// /admin/login (SPEC §4). Failures throw ApiError with the server's `{ error: code }` code, or "network" when the
// server could not be reached.
import { ApiError, failure as answerFailure } from "../lib/api";
import { clearSession, readSession, saveSession, sessionToken } from "../lib/session";
import { requestRelogin } from "./auth/relogin";
import { sendThroughMove } from "../lib/journal-moving";
import { apiPath } from "#contract/routes/endpoint";
import { authApi } from "#contract/routes/auth";

export { ApiError, errorCode, isAbort } from "../lib/api";

interface RequestOptions {
  method?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  form?: FormData;
  /** Sent as it is (a part of a file uploaded in parts). */
  blob?: Blob;
  signal?: AbortSignal;
}

function authHeaders(): Headers {
  const headers = new Headers({ Accept: "application/json" });
  const token = sessionToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return headers;
}

/**
 * Any 401 ends the session here too (the guard then shows the login page); a 403 password_change_required marks it
 * (the guard then shows the account page, where a one-time password is replaced).
 */
async function failure(response: Response) {
  if (response.status === 401) clearSession();
  const error = await answerFailure(response);
  const session = readSession();
  if (error.code === "password_change_required" && session && !session.user.mustChangePassword) {
    saveSession({ ...session, user: { ...session.user, mustChangePassword: true } });
  }
  return error;
}

/** The login and token calls answer 401 for a wrong password or a refused token: never a reason to ask again. */
const mayAskAgain = (path: string) => !Object.values(authApi).some((route) => path.startsWith(route.path));

/** A 401 on an admin call: asks for the password in place; true when the request should be sent again. */
async function loggedInAgain(status: number, path: string, retried: boolean, signal?: AbortSignal): Promise<boolean> {
  if (status !== 401 || retried || !mayAskAgain(path) || signal?.aborted) return false;
  return requestRelogin();
}

async function send(path: string, options: RequestOptions, retried = false): Promise<Response> {
  const headers = authHeaders();
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  } else if (options.blob) {
    body = options.blob;
  }
  // A write that meets a journal moving to another database is sent again after its pause (web/lib/journal-moving.ts).
  const response = await sendThroughMove(
    () =>
      fetch(path, {
        method: options.method ?? (body ? "POST" : "GET"),
        headers,
        body,
        signal: options.signal,
        credentials: "same-origin",
        // Staff must see what is stored now, never a copy cached for the public pages.
        cache: "no-store",
      }),
    options.signal,
  );
  if (await loggedInAgain(response.status, path, retried, options.signal)) return send(path, options, true);
  if (!response.ok) throw await failure(response);
  return response;
}

/** A JSON call with the admin token. */
export async function adminJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * Logout: ends the session on the server (the token stops working everywhere, docs/decisions/0062) and clears
 * it here at once. The request outlives the page (keepalive); a failure still leaves the browser logged out.
 */
export function logout(): void {
  const headers = authHeaders();
  clearSession();
  if (!headers.has("Authorization")) return;
  fetch(apiPath(authApi.logout), { method: "POST", headers, keepalive: true, credentials: "same-origin" }).catch((error: unknown) => {
    console.warn("Ending the session on the server failed", error);
  });
}

/** A call answering a file (PDF, zip) with the admin token. */
export async function adminBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options);
  return await response.blob();
}

/**
 * A multipart upload with progress (fetch cannot report upload progress, XMLHttpRequest can).
 * onProgress receives a fraction between 0 and 1.
 */
export function uploadForm<T>(path: string, form: FormData, onProgress?: (fraction: number) => void, retried = false): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.setRequestHeader("Accept", "application/json");
    const token = sessionToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, "network"));
    xhr.onabort = () => reject(new DOMException("Upload aborted", "AbortError"));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as T);
        return;
      }
      const code = (body as { error?: unknown } | null)?.error;
      const refusal = new ApiError(xhr.status, typeof code === "string" && code ? code : `http_${xhr.status}`);
      void loggedInAgain(xhr.status, path, retried).then((again) => {
        if (again) {
          onProgress?.(0);
          resolve(uploadForm<T>(path, form, onProgress, true));
          return;
        }
        if (xhr.status === 401) clearSession();
        reject(refusal);
      }, reject);
    };
    xhr.send(form);
  });
}

/** Saves a downloaded file under the given name, as a click on an `<a download>` would. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the object URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
