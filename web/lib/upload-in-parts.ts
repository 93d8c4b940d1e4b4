// A file of any size to R2 through the Worker, in parts (R2 multipart upload): the Worker streams each part through
// and never holds the whole file, and a part that fails is sent again without starting over. The admin
// (transferApi) and the console (platformTransferApi, under a journal's id) upload alike, at the addresses of their
// route table (contract/routes/transfer.ts); `call` is their own authenticated JSON call.
import { apiPath, type Endpoint, type Query } from "#contract/routes/endpoint";
import type { TransferEndpoints } from "#contract/routes/transfer";

/** Every part but the last has this size (R2 wants equal parts of at least 5 MiB). */
export const PART_BYTES = 8 * 1024 * 1024;

export type UploadCall = <T>(
  method: "POST" | "PUT",
  path: string,
  body: { json?: unknown; blob?: Blob },
  signal?: AbortSignal,
) => Promise<T>;

/** The address of a transfer endpoint with the mount's own parameters (the console's journal id) and these. */
const addressOf = (route: Endpoint, params: Record<string, string | number>, query?: Query): string =>
  (apiPath as (r: Endpoint, p: Record<string, string | number>, q?: Query) => string)(route, params, query);

/** Uploads `file` through one mount of the transfer endpoints; answers the upload's token. */
export async function uploadFileInParts(
  routes: TransferEndpoints,
  mount: Record<string, string | number>,
  call: UploadCall,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const { token, uploadId } = await call<{ token: string; uploadId: string }>("POST", addressOf(routes.startUpload, mount), {}, signal);
  const parts: { partNumber: number; etag: string }[] = [];
  const count = Math.max(1, Math.ceil(file.size / PART_BYTES));
  for (let n = 1; n <= count; n++) {
    const blob = file.slice((n - 1) * PART_BYTES, n * PART_BYTES);
    let part: { partNumber: number; etag: string } | null = null;
    for (let attempt = 1; !part; attempt++) {
      try {
        part = await call("PUT", addressOf(routes.uploadPart, { ...mount, token, n }, { uploadId }), { blob }, signal);
      } catch (err) {
        if (attempt >= 3 || signal?.aborted) throw err;
        await new Promise((r) => setTimeout(r, 1000 * attempt));
      }
    }
    parts.push(part);
    onProgress(n / count);
  }
  await call("POST", addressOf(routes.completeUpload, { ...mount, token }), { json: { uploadId, parts } }, signal);
  return token;
}
