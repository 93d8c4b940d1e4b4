// Static files of SPEC §7, from R2 under the requesting journal's namespace.
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { fileKeys, isSafeFileName } from "../../files/keys";
import { serveR2Object } from "../../files/serve";
import { notFound } from "../../middleware/errors";
import { DEFAULT_AVATAR } from "../../schemas/constants";

/** A decoded path segment that names one file; anything that could leave its folder is a 404. */
function safeName(raw: string): string {
  if (!isSafeFileName(raw)) throw notFound();
  return raw;
}

export const filesRoutes = new Hono<AppEnv>()
  .get("/archives/:year/:volissue/:file", (c) => {
    const year = c.req.param("year");
    const m = /^vol(\d{1,6})issue(\d{1,6})$/.exec(c.req.param("volissue"));
    if (!/^\d{4}$/.test(year) || !m) throw notFound();
    const key = fileKeys.article(c.get("journal").id, Number(year), Number(m[1]), Number(m[2]), safeName(c.req.param("file")));
    return serveR2Object(c, key);
  })
  .get("/editors/:file", async (c) => {
    const file = safeName(c.req.param("file"));
    try {
      return await serveR2Object(c, fileKeys.editorPicture(c.get("journal").id, file));
    } catch (err) {
      // The default picture ships with the site: /assets/editors/avatar.png always answers.
      if (file === DEFAULT_AVATAR) return c.env.ASSETS.fetch(new URL("/img/avatar.png", c.req.url));
      throw err;
    }
  })
  .get("/indexing/:file", (c) => serveR2Object(c, fileKeys.indexingLogo(c.get("journal").id, safeName(c.req.param("file")))))
  .all("*", () => {
    throw notFound();
  });
