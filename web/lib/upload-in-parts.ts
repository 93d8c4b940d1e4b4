// A file of any size to R2 through the Worker, in parts (R2 multipart upload): the Worker streams each part through
// and never holds the whole file, and a part that fails is sent again without starting over. The admin
// (/api/admin/transfer) and the console (/api/platform/journals/{id}/transfer) upload alike; `call` is their own
// authenticated JSON call.

/** Every part but the last has this size (R2 wants equal parts of at least 5 MiB). */
export const PART_BYTES = 8 * 1024 * 1024;

export type UploadCall = <T>(
  method: "POST" | "PUT",
  path: string,
  body: { json?: unknown; blob?: Blob },
  signal?: AbortSignal,
) => Promise<T>;

/** Uploads `file` under `base` (…/transfer); answers the upload's token. */
export async function uploadFileInParts(
  base: string,
  call: UploadCall,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const { token, uploadId } = await call<{ token: string; uploadId: string }>("POST", `${base}/uploads`, {}, signal);
  const parts: { partNumber: number; etag: string }[] = [];
  const count = Math.max(1, Math.ceil(file.size / PART_BYTES));
  for (let n = 1; n <= count; n++) {
    const blob = file.slice((n - 1) * PART_BYTES, n * PART_BYTES);
    let part: { partNumber: number; etag: string } | null = null;
    for (let attempt = 1; !part; attempt++) {
      try {
        part = await call("PUT", `${base}/uploads/${token}/parts/${n}?uploadId=${encodeURIComponent(uploadId)}`, { blob }, signal);
      } catch (err) {
        if (attempt >= 3 || signal?.aborted) throw err;
        await new Promise((r) => setTimeout(r, 1000 * attempt));
      }
    }
    parts.push(part);
    onProgress(n / count);
  }
  await call("POST", `${base}/uploads/${token}/complete`, { json: { uploadId, parts } }, signal);
  return token;
}
