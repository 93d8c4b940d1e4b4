// POST /article: the Submit Online form posted by a browser without JavaScript (issue #27 item 10). The same
// handler as POST /api/submissions receives it (checks, throttle, storage: submissions.routes.ts); its JSON answer
// becomes a redirect (303, post/redirect/get) back to the form page, which shows the reference
// (/article?received=SUB-…) or the failure's message (/article?error=<code>). With JavaScript the form posts to
// the API itself and never reaches this route.
import { Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "../core/env";
import { submissionsRoutes } from "./submissions.routes";
import { isSubmitFormError, submissionFieldsIn } from "#contract/submission";

/** Turns the API's answer into the redirect a form post expects. */
const answerWithPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== "POST") return next(); // GET /article is the form page itself
  await next();
  const answer = c.res;
  const body = (await answer
    .clone()
    .json()
    .catch(() => ({}))) as { reference?: unknown; error?: unknown; fields?: unknown };
  const fields = Array.isArray(body.fields) ? submissionFieldsIn(body.fields.join(",")) : [];
  const to =
    answer.status === 201 && typeof body.reference === "string"
      ? `/article?received=${encodeURIComponent(body.reference)}`
      : `/article?error=${isSubmitFormError(body.error) ? body.error : "internal_error"}${fields.length ? `&fields=${fields.join(",")}` : ""}`;
  c.res = undefined;
  c.res = new Response(null, { status: 303, headers: { Location: to, "Cache-Control": "no-store" } });
};

export const submitFormRoutes = new Hono<AppEnv>().use("/", answerWithPage).route("/", submissionsRoutes);
