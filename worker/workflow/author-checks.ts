// The author checks a file before publication (issue 48 item 3): the copyedited manuscript (Copyediting) and the
// proofs (Production), sent through the tracking link; the author approves or sends corrections there. The state is
// the timeline itself: the newest "author_check" event of the stage says what is waiting.
import type { ManuscriptEventRow, ManuscriptRow } from "../core/data/schema";
import { HttpError } from "../core/errors";
import { STAGE_RULES } from "#contract/workflow";
import { addEvent, addFile } from "./manuscripts.repo";
import { AUTHOR_CHECK_TEXT } from "./letter-text";
import { mailAuthorAbout, mailOfficeAbout, type WorkflowCtx } from "./workflow";

export type AuthorCheckKind = "copyedit" | "proof";
export type AuthorCheckState = { kind: AuthorCheckKind; status: "waiting" | "approved" | "corrections"; at: string } | null;

/** What the author was last asked to check at the manuscript's stage, and their answer. */
export function authorCheckState(m: Pick<ManuscriptRow, "stage">, events: ManuscriptEventRow[]): AuthorCheckState {
  const kind = STAGE_RULES[m.stage].authorChecks;
  if (!kind) return null;
  const last = [...events].reverse().find((e) => e.action.startsWith(`author_check.${kind}.`));
  if (!last) return null;
  const status = last.action.endsWith(".sent") ? "waiting" : last.action.endsWith(".approved") ? "approved" : "corrections";
  return { kind, status, at: last.at };
}

export async function sendForAuthorCheck(
  ctx: WorkflowCtx,
  m: ManuscriptRow,
  kind: AuthorCheckKind,
  file: { name: string; size: number },
  note: string,
) {
  await addFile(ctx.db, m, m.round, kind, file.name, file.size);
  const t = AUTHOR_CHECK_TEXT[kind];
  const out = await mailAuthorAbout(
    ctx,
    m,
    `author_check.${kind}`,
    t.subject(m.reference),
    `${t.lead(m.authorName, m.title, m.reference)}${note ? `\n\nA note from the editorial office:\n${note}` : ""}`,
  );
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: `author_check.${kind}.sent`,
    summary: kind === "proof" ? "Proofs sent to the author" : "Copyedited manuscript sent to the author to check",
    outboxId: out?.id,
  });
}

export async function answerAuthorCheck(
  ctx: WorkflowCtx,
  m: ManuscriptRow,
  events: ManuscriptEventRow[],
  approve: boolean,
  corrections: string,
) {
  const state = authorCheckState(m, events);
  if (!state || state.status !== "waiting") throw new HttpError(409, "nothing_to_check");
  if (!approve && !corrections.trim()) throw new HttpError(400, "missing_corrections");
  const what = state.kind === "proof" ? "proofs" : "copyedited manuscript";
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: `author_check.${state.kind}.${approve ? "approved" : "corrections"}`,
    summary: approve ? `The author approved the ${what}` : `The author sent corrections to the ${what}:\n${corrections.trim()}`,
  });
  await mailOfficeAbout(
    ctx,
    m,
    `office.author_check`,
    `${m.reference}: ${approve ? `${what} approved` : `corrections to the ${what}`}`,
    approve
      ? `The author approved the ${what} of "${m.title}" (${m.reference}).`
      : `The author sent corrections to the ${what} of "${m.title}" (${m.reference}):\n\n${corrections.trim()}`,
  );
}
