// Test helper: the full-text screen's two calls, attaching a Word file and publishing, as staff's browser sends them.
import { request } from "#tests/api/fixtures";

/** Staff attach a Word file to an article (`fields`: e.g. references=replace), as the full-text screen sends it. */
export function attachWordFile(host: string, id: number, auth: Record<string, string>, file: File, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("docxFile", file);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return request(host, `/api/admin/articles/${id}/fulltext`, { method: "POST", headers: auth, body: form });
}

/** Staff publish (true) or withdraw (false) an article's full text. */
export function publishFulltext(host: string, id: number, auth: Record<string, string>, publish = true) {
  return request(host, `/api/admin/articles/${id}/fulltext/publish`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify({ publish }),
  });
}
