// Restoring one journal from the platform console (issue 38 item 1, docs/decisions/0260-restore-from-the-console.md):
// the operator uploads a backup (the tar the console's Download backup writes), sees what it holds and whether its
// signature holds, then restores it as a new journal or over the same journal after typing its slug. Shared by the
// Worker's routes (worker/platform/restore.platform.routes.ts) and the console (web/platform/restore-panel.tsx).
import { z } from "zod";

/** The largest backup the console takes: Cloudflare's request body limit on the Free and Pro plans (100 MB). */
export const RESTORE_MAX_BYTES = 100 * 1024 * 1024;

export const RESTORE_MODES = ["new", "replace"] as const;
export type ConsoleRestoreMode = (typeof RESTORE_MODES)[number];

export const restoreRequestSchema = z.object({
  mode: z.enum(RESTORE_MODES, { error: "invalid_mode" }),
  /** replace: the journal's slug, typed by the operator. */
  confirm: z.string({ error: "invalid_input" }).max(200, "invalid_input").optional(),
  /** Restore although the signature does not hold (the operator knows where the backup comes from). */
  trustUnsigned: z.boolean({ error: "invalid_input" }).optional(),
});
export type RestoreRequest = z.infer<typeof restoreRequestSchema>;

/** What an uploaded backup holds, checked without writing anything. */
export interface RestoreUpload {
  id: string;
  bytes: number;
  createdAt: string;
  /** The journal as the backup names it. */
  journal: { id: number; slug: string; name: string };
  tables: { name: string; rows: number }[];
  rows: number;
  files: number;
  /** null: signed by this platform and unaltered; otherwise why not (restoring then needs trustUnsigned). */
  signatureProblem: string | null;
  /** The journal with the backup's id on this platform (what "over the same journal" replaces), or null. */
  sameJournal: { id: number; slug: string; name: string } | null;
}

/** One line of the restore's answer (NDJSON, streamed as it goes). */
export type RestoreProgress =
  | { type: "progress"; message: string }
  | {
      type: "done";
      journal: { id: number; slug: string };
      mode: ConsoleRestoreMode;
      rows: number;
      files: number;
      notes: string[];
      signatureProblem: string | null;
    }
  | { type: "refused"; reason: string }
  | { type: "failed"; reason: string };

export const RESTORE_MESSAGES: Record<string, string> = {
  backup_too_large: "That file is larger than 100 MB: restore it with npm run restore (docs/operators.md, Backups)",
  length_required: "The upload did not say its size: try again",
  upload_incomplete: "The upload stopped before the end of the file: try again",
  not_a_backup: "That file is not a backup of a journal",
  backup_refused: "This backup cannot be restored",
  backup_unverified: "The backup's signature does not hold: tick \u201ctrust this backup\u201d only if you know where it comes from",
  slug_mismatch: "Type the journal's slug exactly to restore over it",
  journal_missing: "That journal is not on this platform: restore the backup as a new journal",
  upload_not_found: "The uploaded backup is gone (cancelled or already restored): upload it again",
  invalid_mode: "Choose how to restore: as a new journal or over the same journal",
  whole_platform_backup: "This is a backup of the whole platform: it restores only into an empty deployment, with npm run restore",
};
