// Small pieces the workflow's admin pages share: the stage badge, the stage labels, the error messages.
import { STAGE_LABELS, MESSAGES, type Stage } from "#contract/workflow";
import { errorCode } from "../admin-api";
import "./workflow.css";

export function StageBadge({ stage }: { stage: Stage }) {
  return <span className={`stage-badge stage-badge--${stage}`}>{STAGE_LABELS[stage] ?? stage}</span>;
}

/** A readable message for a failed workflow call. */
export function workflowMessage(error: unknown): string {
  const code = errorCode(error);
  if (code === "network") return "The server could not be reached. Nothing was lost: try again.";
  return (code && MESSAGES[code]) || "Something went wrong";
}

export const daysText = (n: number | null) => (n === null ? "—" : `${n} ${n === 1 ? "day" : "days"}`);
export const percentText = (r: number | null) => (r === null ? "—" : `${Math.round(r * 100)}%`);
