// The console's calls to the platform API (contract/platform.ts; addresses from contract/routes/platform.ts). The operator's token is kept for this tab only
// (sessionStorage): closing the tab ends the console session on this machine.
import { platformMessage } from "#contract/platform";
import { apiPath, type ApiCall } from "#contract/routes/endpoint";
import { platformApi } from "#contract/routes/platform";
import { sendThroughMove } from "../lib/journal-moving";

const TOKEN_KEY = "journal-edge.operator";

export const operatorToken = {
  get: () => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

export class ConsoleError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(platformMessage(code));
  }
}

/** A JSON call; a 401 clears the token and reloads to the sign-in form. */
export async function consoleApi<T>(call: ApiCall, body?: unknown): Promise<T> {
  const token = operatorToken.get();
  // A write to a journal that is moving databases is sent again after its pause (web/lib/journal-moving.ts).
  const res = await sendThroughMove(() =>
    fetch(call.url, {
      method: call.method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  if (res.status === 204) return undefined as T;
  const data = (await res.json().catch(() => ({}))) as { error?: string };
  if (!res.ok) {
    if (res.status === 401 && token && call.url !== platformApi.login.path) {
      operatorToken.clear();
      location.hash = "";
      location.reload();
    }
    throw new ConsoleError(res.status, data.error ?? "internal_error");
  }
  return data as T;
}

/** Downloads a journal's backup (a tar of the `npm run backup` folder) as a file. */
export const downloadBackup = (journalId: number): Promise<void> =>
  downloadConsoleFile(apiPath(platformApi.backup, { id: journalId }), `journal-${journalId}.tar`);

/** A call with a JSON or a file body (the transfer uploads), at a URL from the route table; errors as consoleApi's. */
export async function consoleSend<T>(
  method: string,
  url: string,
  body: { json?: unknown; blob?: Blob } = {},
  signal?: AbortSignal,
): Promise<T> {
  const token = operatorToken.get();
  const res = await sendThroughMove(
    () =>
      fetch(url, {
        method,
        signal,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body.json !== undefined ? { "Content-Type": "application/json" } : {}),
        },
        body: body.json !== undefined ? JSON.stringify(body.json) : body.blob,
      }),
    signal,
  );
  const data = (await res.json().catch(() => ({}))) as { error?: string };
  if (!res.ok) throw new ConsoleError(res.status, data.error ?? "internal_error");
  return data as T;
}

/** Downloads a file the console API answers (a backup, an export) under the name the server gives it. */
export async function downloadConsoleFile(address: string, fallbackName: string): Promise<void> {
  const res = await fetch(address, { headers: { Authorization: `Bearer ${operatorToken.get() ?? ""}` } });
  if (!res.ok) throw new ConsoleError(res.status, ((await res.json().catch(() => ({}))) as { error?: string }).error ?? "internal_error");
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
