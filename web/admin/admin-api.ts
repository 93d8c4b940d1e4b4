// The admin side's HTTP client. Every call carries the session's bearer token; any 401 clears the session,
// which makes the admin guard send the browser to /admin/login (SPEC §4). Failures throw ApiError with the
// server's `{ error: code }` code, or "network" when the server could not be reached.
import { ApiError, failure as answerFailure } from "../lib/api";
import { clearSession, sessionToken } from "../lib/session";

export { ApiError, errorCode, isAbort } from "../lib/api";

interface RequestOptions {
  method?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  form?: FormData;
  signal?: AbortSignal;
}

function authHeaders(): Headers {
  const headers = new Headers({ Accept: "application/json" });
  const token = sessionToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return headers;
}

/** Any 401 ends the session here too (the guard then shows the login page). */
async function failure(response: Response) {
  if (response.status === 401) clearSession();
  return answerFailure(response);
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers = authHeaders();
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const response = await fetch(path, {
    method: options.method ?? (body ? "POST" : "GET"),
    headers,
    body,
    signal: options.signal,
    credentials: "same-origin",
    // Staff must see what is stored now, never a copy cached for the public pages.
    cache: "no-store",
  });
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
  fetch("/auth/logout", { method: "POST", headers, keepalive: true, credentials: "same-origin" }).catch((error: unknown) => {
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
export function uploadForm<T>(path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
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
      if (xhr.status === 401) clearSession();
      const code = (body as { error?: unknown } | null)?.error;
      reject(new ApiError(xhr.status, typeof code === "string" && code ? code : `http_${xhr.status}`));
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
