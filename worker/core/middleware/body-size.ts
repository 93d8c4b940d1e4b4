// Request body limits, enforced before anything parses the body: a declared Content-Length over the limit is
// refused at once, and a body without one is counted while it streams in.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env";
import { HttpError } from "../errors";
import { PDF_MAX_BYTES } from "#contract/constants";
import { SOURCE_FILE_MAX_BYTES } from "#contract/submission";

/** Room for the form fields next to the largest file: an upload body may be at most 6 MiB. */
export const UPLOAD_BODY_MAX_BYTES = PDF_MAX_BYTES + 1024 * 1024;
/** Submit Online: the PDF and the Word file beside it (issue 48 item 2), with room for the fields. */
export const SUBMISSION_BODY_MAX_BYTES = PDF_MAX_BYTES + SOURCE_FILE_MAX_BYTES + 1024 * 1024;
/** JSON bodies of the admin calls (settings with a long home page text are the largest). */
export const JSON_BODY_MAX_BYTES = 512 * 1024;

/** 413 `{ error: code }` for a body over `maxBytes`. */
export const limitBody = (maxBytes: number, code = "payload_too_large"): MiddlewareHandler<AppEnv> =>
  bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new HttpError(413, code);
    },
  });

/** Upload routes: over 6 MiB can only be a file over the limit, so the answer is the file's error. */
export const limitUploadBody = limitBody(UPLOAD_BODY_MAX_BYTES, "file_too_large");
export const limitSubmissionBody = limitBody(SUBMISSION_BODY_MAX_BYTES, "file_too_large");
export const limitJsonBody = limitBody(JSON_BODY_MAX_BYTES);
