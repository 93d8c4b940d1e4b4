// The demo's full texts (issue 51): three articles of the first journal get a Word manuscript (demo-manuscript.ts),
// converted by the Worker's own converter, pictures stored as the admin stores them, and published — so the article
// pages, their JATS and the admin's Full text screen show real converted papers.
import { and, eq, isNotNull } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "../../worker/core/data/schema";
import { convertDocx } from "../../worker/fulltext/docx-convert";
import { fulltextFileKey, fulltextImagePath } from "../../worker/fulltext/fulltext-files";
import { imageSize } from "../../worker/fulltext/image-size";
import { sanitizeFulltextHtml } from "#contract/fulltext-html";
import { demoManuscript } from "./demo-manuscript";

interface Files {
  put(key: string, value: Uint8Array, options?: { httpMetadata?: { contentType?: string } }): Promise<unknown>;
}

export async function seedFulltextDemo(db: DrizzleD1Database<typeof schema>, files: Files, journalId: number, count = 3): Promise<number> {
  const rows = await db
    .select({ id: schema.articles.id, title: schema.articles.titleText })
    .from(schema.articles)
    .where(and(eq(schema.articles.journalId, journalId), eq(schema.articles.status, "enabled"), isNotNull(schema.articles.refnumber)))
    .limit(count);
  const now = new Date().toISOString();
  for (const [i, a] of rows.entries()) {
    const converted = await convertDocx(demoManuscript(a.title, a.id + i));
    let html = converted.html;
    const names: string[] = [];
    for (const [k, img] of converted.images.entries()) {
      const name = `figure${k + 1}-demo${a.id}.png`;
      await files.put(fulltextFileKey(journalId, a.id, name), img.bytes, { httpMetadata: { contentType: img.contentType } });
      const size = imageSize(img.bytes);
      html = html.replace(
        `src="${img.placeholder}"`,
        `src="${fulltextImagePath(a.id, name)}"${size ? ` width="${size.width}" height="${size.height}"` : ""}`,
      );
      names.push(name);
    }
    html = sanitizeFulltextHtml(html);
    await db.batch([
      db.insert(schema.articleFulltext).values({
        articleId: a.id,
        journalId,
        draftHtml: html,
        publishedHtml: html,
        dropped: JSON.stringify(converted.dropped),
        sourceName: `manuscript-${a.id}.docx`,
        images: JSON.stringify(names),
        convertedAt: now,
        publishedAt: now,
        modified: now,
        modifiedby: "demo",
      }),
      db
        .update(schema.articles)
        .set({ referenceList: converted.references.join("\n") })
        .where(eq(schema.articles.id, a.id)),
    ]);
  }
  return rows.length;
}
