// What a host answers when no journal may: a suspended journal's notice (503) and the neutral "no journal here"
// (404) of an unknown host when the platform says so (docs/decisions/0161-hosts.md). JSON for API callers, a small
// self-contained page for people.
import type { Context } from "hono";
import { esc } from "#contract/html";

const wantsJson = (path: string) => path.startsWith("/api/") || path === "/api" || path.startsWith("/auth/") || path.startsWith("/oai");

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f4f6f9;color:#1d2733}main{max-width:34rem;padding:2rem;margin:1rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}h1{font-size:1.4rem;margin:0 0 .75rem}p{line-height:1.5;margin:0}</style></head><body><main><h1>${esc(title)}</h1><p>${body}</p></main></body></html>`;
}

export function suspendedAnswer(c: Context, journalName: string): Response {
  c.header("Cache-Control", "no-store");
  c.header("Retry-After", "3600");
  if (wantsJson(c.req.path)) return c.json({ error: "journal_suspended" }, 503);
  return c.html(
    page(
      `${journalName || "This journal"} is temporarily unavailable`,
      "This journal's website has been suspended by the platform's operators. Nothing has been deleted; please try again later.",
    ),
    503,
  );
}

export function noJournalAnswer(c: Context): Response {
  c.header("Cache-Control", "no-store");
  if (wantsJson(c.req.path)) return c.json({ error: "no_journal" }, 404);
  return c.html(page("No journal here", "This address does not belong to any journal published on this platform."), 404);
}
