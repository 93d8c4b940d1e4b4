// X-Robots-Tag: noindex on generated documents (certificates, cover pages, the editorial board, index pages):
// they are PDFs for authors that would otherwise show up in search results looking like articles.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";

export const noindexDocuments: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  try {
    c.res.headers.set("X-Robots-Tag", "noindex, nofollow");
  } catch {
    // Immutable headers (a passed-through response): copy it.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set("X-Robots-Tag", "noindex, nofollow");
  }
};
