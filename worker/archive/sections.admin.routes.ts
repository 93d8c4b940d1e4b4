// A journal's sections and each article's section (issue 37 item 5), mounted under /api/admin:
//   GET /sections, POST /sections (add), POST /sections/{id} (rename), POST /sections/order (new order),
//   POST /articles/{id}/section ({ sectionId } or { sectionId: null }), DELETE /sections/{id} (refused while articles
//   are in it, unless { moveTo } says where they go: docs/decisions/0262-deleting-sections-and-partners.md).
// Issues are Production's work, so sections are too (contract/roles.ts).
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { HttpError } from "../core/errors";
import { actorOf } from "../core/audit/admin-actor";
import { afterAdminWrite } from "../core/audit/admin-events.repo";
import { idOf } from "../core/middleware/params";
import { limitJsonBody } from "../core/middleware/body-size";
import { jsonBody, jsonContent } from "../core/middleware/json-body";
import { articleSectionSchema, sectionDeleteSchema, sectionOrderSchema, sectionSchema } from "#contract/issues";
import {
  countSectionArticles,
  deleteSection,
  insertSection,
  listSections,
  reorderSections,
  setArticleSection,
  toSection,
  updateSection,
} from "./sections.repo";
import { mountedAt } from "../core/routing/declared";
import { archiveApi } from "#contract/routes/archive";

const at = mountedAt("/api/admin");

export const sectionsAdminRoutes = new Hono<AppEnv>()
  .use("*", requireRole(AREA_ROLES.issues))
  .get(at(archiveApi.sections), async (c) => c.json((await listSections(c.get("db"), c.get("journal").id)).map(toSection)))
  .post(at(archiveApi.addSection), limitJsonBody, jsonContent, jsonBody(sectionSchema), async (c) => {
    const db = c.get("db");
    const actor = actorOf(c);
    const input = c.req.valid("json");
    const row = await insertSection(
      db,
      actor.journalId,
      input,
      afterAdminWrite(db, actor, { action: "section.add", entity: "section", summary: input.title }),
    );
    return c.json({ section: toSection(row) }, 201);
  })
  .post(at(archiveApi.sectionOrder), limitJsonBody, jsonContent, jsonBody(sectionOrderSchema), async (c) => {
    const db = c.get("db");
    const actor = actorOf(c);
    const { ids } = c.req.valid("json");
    const rows = await reorderSections(
      db,
      actor.journalId,
      ids,
      afterAdminWrite(db, actor, { action: "section.order", entity: "section", summary: `${ids.length} sections` }),
    );
    if (!rows) throw new HttpError(409, "order_mismatch");
    return c.json(rows.map(toSection));
  })
  .post(at(archiveApi.editSection), limitJsonBody, jsonContent, jsonBody(sectionSchema), async (c) => {
    const db = c.get("db");
    const actor = actorOf(c);
    const id = idOf(c.req.param("id"));
    const input = c.req.valid("json");
    const row = await updateSection(
      db,
      actor.journalId,
      id,
      input,
      afterAdminWrite(db, actor, { action: "section.edit", entity: "section", entityId: id, summary: input.title }, { ifChanged: true }),
    );
    return c.json({ section: toSection(row) });
  })
  .post(at(archiveApi.articleSection), limitJsonBody, jsonContent, jsonBody(articleSectionSchema), async (c) => {
    const db = c.get("db");
    const actor = actorOf(c);
    const id = idOf(c.req.param("id"));
    const { sectionId } = c.req.valid("json");
    const row = await setArticleSection(
      db,
      actor.journalId,
      id,
      sectionId,
      afterAdminWrite(
        db,
        actor,
        { action: "article.section", entity: "article", entityId: id, summary: sectionId === null ? "no section" : `section ${sectionId}` },
        { ifChanged: true },
      ),
    );
    return c.json({ article: row });
  })
  .delete(at(archiveApi.deleteSection), limitJsonBody, async (c) => {
    const db = c.get("db");
    const actor = actorOf(c);
    const id = idOf(c.req.param("id"));
    // The body is optional: none (or {}) deletes only an empty section.
    const raw = (await c.req.text()).trim();
    let body: unknown = {};
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        throw new HttpError(400, "invalid_input");
      }
    }
    const parsed = sectionDeleteSchema.safeParse(body);
    if (!parsed.success) throw new HttpError(400, "invalid_input");
    const { moveTo } = parsed.data;
    const summary =
      moveTo === undefined ? `section ${id}` : `section ${id}, its articles to ${moveTo === null ? "no section" : `section ${moveTo}`}`;
    const result = await deleteSection(
      db,
      actor.journalId,
      id,
      moveTo,
      afterAdminWrite(db, actor, { action: "section.delete", entity: "section", entityId: id, summary }, { ifChanged: true }),
    );
    if (result === undefined) throw new HttpError(404, "not_found");
    if (result === false) throw new HttpError(409, "section_in_use", { articles: await countSectionArticles(db, actor.journalId, id) });
    return c.json({ deleted: toSection(result.deleted), moved: result.moved });
  });
