// A file of any size to R2 through the Worker, in parts (R2 multipart upload): the Worker streams each part through
// and never holds the whole file, and a part that fails is sent again without starting over.
import { adminJson } from "../admin-api";
import { apiPath } from "#contract/routes/endpoint";
import { transferApi } from "#contract/routes/transfer";

/** Every part but the last has this size (R2 wants equal parts of at least 5 MiB). */
export const PART_BYTES = 8 * 1024 * 1024;

export async function uploadInParts(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  const { token, uploadId } = await adminJson<{ token: string; uploadId: string }>(apiPath(transferApi.startUpload), {
    method: "POST",
    signal,
  });
  const parts: { partNumber: number; etag: string }[] = [];
  const count = Math.max(1, Math.ceil(file.size / PART_BYTES));
  for (let n = 1; n <= count; n++) {
    const blob = file.slice((n - 1) * PART_BYTES, n * PART_BYTES);
    let part: { partNumber: number; etag: string } | null = null;
    for (let attempt = 1; !part; attempt++) {
      try {
        part = await adminJson(apiPath(transferApi.uploadPart, { token, n }, { uploadId }), {
          method: "PUT",
          blob,
          signal,
        });
      } catch (err) {
        if (attempt >= 3 || signal?.aborted) throw err;
        await new Promise((r) => setTimeout(r, 1000 * attempt));
      }
    }
    parts.push(part);
    onProgress(n / count);
  }
  await adminJson(apiPath(transferApi.completeUpload, { token }), { json: { uploadId, parts }, signal });
  return token;
}
