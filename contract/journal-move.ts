// Moving a journal to another journal database from the platform console (issue 42 item 3, docs/decisions/0280).
// Shared by the Worker's routes (worker/platform/journal-move.platform.routes.ts) and the console's panel
// (web/platform/move-panel.tsx).
import { z } from "zod";

export const moveRequestSchema = z.object({
  /** The binding name of the journal database the journal moves to, e.g. "JOURNALS_3". */
  to: z.string({ error: "invalid_input" }).regex(/^JOURNALS_\d{1,4}$/, "unknown_database"),
});
export type MoveRequest = z.infer<typeof moveRequestSchema>;

/** PATCH /api/platform/databases/{name}: open or close a journal database to new journals. */
export const databaseStateSchema = z.object({ acceptsNew: z.boolean({ error: "invalid_input" }) });

/** The phases a move goes through, in order, then its outcome. */
export const MOVE_PHASES = ["copying", "catching_up", "frozen", "verifying", "switched", "cleaning", "done"] as const;
export type MoveStateName = (typeof MOVE_PHASES)[number] | "failed";

/** What the console reads of a move (journal_moves). */
export interface MoveProgress {
  id: number;
  from: string;
  to: string;
  state: MoveStateName;
  rowsCopied: number;
  rowsTotal: number;
  startedAt: string;
  switchedAt: string;
  finishedAt: string;
  /** How long the journal's writes were refused (freeze to switch), milliseconds. */
  pausedMs: number;
  error: string;
  operator: string;
  /** When it last made progress. */
  progressAt: string;
  /** How many times it was resumed. */
  resumes: number;
  /** Running, but its runner is gone or it has made no progress for a while: the console offers Resume. */
  resumable: boolean;
}

export interface DatabaseSummary {
  name: string;
  /** D1's own size of the database, bytes. */
  bytes: number;
  journals: number;
  /** Open to new journals (console → closed ones take moves only). */
  acceptsNew: boolean;
}

/** GET /api/platform/journals/{id}/move */
export interface MoveAnswer {
  journal: { id: number; shard: string };
  databases: DatabaseSummary[];
  /** The journal's latest move, running or finished; null when it never moved. */
  move: MoveProgress | null;
}

/** A phase in words, for the console. */
export const MOVE_STATE_LABELS: Record<MoveStateName, string> = {
  copying: "Copying the journal's rows",
  catching_up: "Copying the changes made meanwhile",
  frozen: "Writes paused: copying the last changes",
  verifying: "Checking the copy, table by table",
  switched: "Switched: the journal is served from its new database (the old copy is removed shortly)",
  cleaning: "Removing the journal's rows from the old database",
  done: "Moved",
  failed: "Failed: nothing changed, the journal stays where it was",
};

/** Readable messages for the move's refusals. */
export const MOVE_ERROR_MESSAGES: Record<string, string> = {
  ids_taken:
    "Some of this journal's row ids are already used in that database (it holds other journals' rows with the same ids). Move it to a new, empty database instead.",
  move_running: "This journal is already being moved. If the move has stalled, resume it from the journal's Database panel.",
  no_move_to_resume: "This journal has no move under way to resume.",
  move_progressing: "The move is still making progress; it can be resumed once it has stopped.",
  import_running: "An import into this journal is running; move it once the import has finished.",
  same_database: "The journal is already in that database.",
  unknown_database: "That database is not bound to this deployment.",
  journal_moving: "The journal is moving to another database; writes resume in a few seconds.",
  last_open_database: "At least one journal database stays open to new journals.",
};
