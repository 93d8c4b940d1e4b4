// The dashboard's short history (the audit trail, GET /api/admin/events): who changed what, and when.
import { Link } from "react-router";
import { formatDateTime } from "../format";
import type { AdminEventEntry } from "#contract/api";

const VERBS: Record<string, string> = {
  "article.add": "added article",
  "article.edit": "edited article",
  "article.delete": "deleted article",
  "article.status": "changed the status of article",
  "editor.add": "added editor",
  "editor.edit": "edited editor",
  "editor.status": "changed the status of editor",
  "editor.delete": "removed editor",
  "issue.create": "created issue",
  "settings.save": "saved settings:",
  "settings.copyright_form": "changed the copyright form:",
  "staff.create": "created the staff account",
  "staff.status": "changed the status of staff account",
  "staff.reset_password": "reset the password of",
  "staff.revoke_sessions": "signed out every session of",
  "staff.change_password": "changed their own password",
  // The editorial workflow (issue 36).
  "manuscript.add": "added manuscript",
  "manuscript.invite": "invited a reviewer to",
  "manuscript.revoke": "withdrew a reviewer's invitation to",
  "manuscript.decision": "recorded a decision on",
  "manuscript.stage": "moved",
  "manuscript.publish": "published manuscript",
  "manuscript.resend": "resent a message of",
  "manuscript.link": "replaced the author's link of",
  "manuscript.letters": "saved the workflow's letters or mail settings",
  "staff.role": "changed the role of staff account",
  "staff.email": "changed the e-mail of staff account",
  "indexing.add": "added indexing partner",
  "indexing.edit": "edited indexing partner",
  "indexing.status": "changed the status of indexing partner",
  "indexing.order": "reordered the indexing partners",
  "section.add": "added section",
  "section.edit": "edited section",
  "issue.edit": "edited issue",
};

/** Where an event's record can be opened, if it still exists. */
function linkOf(e: AdminEventEntry): string | null {
  if (!e.entity_id || e.action.endsWith(".delete")) return null;
  if (e.entity === "article") return `/admin/archives/${e.entity_id}`;
  if (e.entity === "editor") return `/admin/editors/${e.entity_id}`;
  if (e.entity === "settings") return "/admin/settings";
  if (e.entity === "manuscript") return `/admin/manuscripts/${e.entity_id}`;
  if (e.entity === "indexing") return "/admin/indexing";
  return null;
}

/** The history is a help, not the page: the dashboard leaves it out when it cannot load. */
export function RecentChanges({ list }: { list: AdminEventEntry[] }) {
  return (
    <section className="recent-changes" aria-labelledby="recent-changes-title">
      <h2 id="recent-changes-title" className="recent-changes__title">
        Recent changes
      </h2>
      {list.length === 0 ? (
        <p className="recent-changes__empty">No changes recorded yet.</p>
      ) : (
        <ol className="recent-changes__list">
          {list.map((e) => {
            const to = linkOf(e);
            return (
              <li key={e.id} className="recent-changes__item">
                <time dateTime={e.created_at} className="recent-changes__when">
                  {formatDateTime(e.created_at)}
                </time>
                <span className="recent-changes__what">
                  <strong>{e.admin_username || "unknown"}</strong> {VERBS[e.action] ?? e.action}{" "}
                  {to ? <Link to={to}>{e.summary || `#${e.entity_id}`}</Link> : <span>{e.summary}</span>}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
