// The admin's uploads in parts (web/lib/upload-in-parts.ts) with the admin session.
import { adminJson } from "../admin-api";
import { PART_BYTES, uploadFileInParts } from "../../lib/upload-in-parts";
import { transferApi } from "#contract/routes/transfer";

export { PART_BYTES };

export const uploadInParts = (file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<string> =>
  uploadFileInParts(transferApi, {}, (method, path, body, s) => adminJson(path, { method, ...body, signal: s }), file, onProgress, signal);
