// Static files of SPEC §7, from R2 under the requesting journal's namespace.
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { fileKeys, isSafeFileName, publicFileName } from "../core/files/keys";
import { serveR2Object } from "../core/files/serve";
import { isPublicEditorPicture } from "../editors/editors.repo";
import { findPublicArticleFile } from "./articles.repo";
import { notFound } from "../core/errors";
import { fulltextFileKey } from "../fulltext/fulltext-files";
import { DEFAULT_AVATAR } from "#contract/constants";

/** A decoded path segment that names one file; anything that could leave its folder is a 404. */
function safeName(raw: string): string {
  if (!isSafeFileName(raw)) throw notFound();
  return raw;
}

export const filesRoutes = new Hono<AppEnv>()
  .get("/archives/:year/:volissue/:file", async (c) => {
    const year = c.req.param("year");
    const m = /^vol(\d{1,6})issue(\d{1,6})$/.exec(c.req.param("volissue"));
    if (!/^\d{4}$/.test(year) || !m) throw notFound();
    const [y, volume, issue, name] = [Number(year), Number(m[1]), Number(m[2]), safeName(c.req.param("file"))];
    // Only a public article's own file, named {refnumber}.pdf (SPEC §5) whatever its internal versioned name: a
    // disabled article's PDF (or a stray upload) is not served by guessing.
    const found = await findPublicArticleFile(c.get("db"), c.get("journal").id, y, volume, issue, name);
    if (!found) throw notFound();
    const key = fileKeys.article(c.get("journal").id, y, volume, issue, found.file);
    return serveR2Object(c, key, { downloadName: publicFileName(found) });
  })
  .get("/editors/:file", async (c) => {
    const file = safeName(c.req.param("file"));
    // The default picture ships with the site: /assets/editors/avatar.png always answers.
    const defaultAvatar = () => c.var.assets.fetch(new URL("/img/avatar.png", c.req.url));
    // Only an enabled editor's own picture: a disabled editor's stays private, whatever its guessable name.
    if (!(await isPublicEditorPicture(c.get("db"), c.get("journal").id, file))) {
      if (file === DEFAULT_AVATAR) return defaultAvatar();
      throw notFound();
    }
    try {
      return await serveR2Object(c, fileKeys.editorPicture(c.get("journal").id, file));
    } catch (err) {
      if (file === DEFAULT_AVATAR) return defaultAvatar();
      throw err;
    }
  })
  .get("/indexing/:file", (c) => serveR2Object(c, fileKeys.indexingLogo(c.get("journal").id, safeName(c.req.param("file")))))
  // Issue covers (issue 37 item 5): public like the issue they show; a replaced one is deleted, so never served.
  .get("/issues/:file", (c) => serveR2Object(c, fileKeys.issueCover(c.get("journal").id, safeName(c.req.param("file")))))
  // Full-text figures (issue 51): the article's own, under names no one guesses (versioned), from its namespace.
  .get("/fulltext/:article/:file", (c) => {
    const article = c.req.param("article");
    if (!/^\d{1,12}$/.test(article)) throw notFound();
    return serveR2Object(c, fulltextFileKey(c.get("journal").id, Number(article), safeName(c.req.param("file"))));
  })
  .all("*", () => {
    throw notFound();
  });
