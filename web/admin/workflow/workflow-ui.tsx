// Small pieces the workflow's admin pages share: the stage badge, the stage labels, the error messages.
import { STAGE_LABELS, MESSAGES, type Stage } from "#contract/workflow";
import { errorCode } from "../admin-api";
import "./workflow.css";

/** The badge's colour per stage (workflow.css): a new stage picks one here. */
const STAGE_TONE: Record<Stage, "new" | "in-review" | "with-author" | "accepted" | "published" | "closed"> = {
  received: "new",
  under_review: "in-review",
  revisions_requested: "with-author",
  accepted: "accepted",
  copyediting: "accepted",
  production: "accepted",
  published: "published",
  declined: "closed",
  withdrawn: "closed",
};

export function StageBadge({ stage }: { stage: Stage }) {
  return <span className={`stage-badge stage-badge--${STAGE_TONE[stage]}`}>{STAGE_LABELS[stage]}</span>;
}

/** A readable message for a failed workflow call. */
export function workflowMessage(error: unknown): string {
  const code = errorCode(error);
  if (code === "network") return "The server could not be reached. Nothing was lost: try again.";
  return (code && MESSAGES[code]) || "Something went wrong";
}

export const daysText = (n: number | null) => (n === null ? "—" : `${n} ${n === 1 ? "day" : "days"}`);
export const percentText = (r: number | null) => (r === null ? "—" : `${Math.round(r * 100)}%`);
