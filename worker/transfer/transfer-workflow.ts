// The import job (docs/decisions/0211): a Workflow instance per job reads the uploaded file from R2 and imports it in
// chunks (import-run.ts), writing its progress to the job's row after each chunk and the report to R2 at the end.
// A step that fails (an isolate restart, a D1 hiccup) is retried: the import starts over from the file, and every
// article already written is found as "unchanged", so it carries on where it stopped and never makes anything twice.
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { journalDatabase, platformDatabase } from "../core/data/shards";
import { runJob, failJob } from "./job-run";

export interface TransferParams {
  jobId: string;
  /** Names the database the job's rows are in (docs/decisions/0240); jobs started before shards have none. */
  journalId?: number;
}

export class TransferWorkflow extends WorkflowEntrypoint<Env, TransferParams> {
  async run(event: Readonly<WorkflowEvent<TransferParams>>, step: WorkflowStep) {
    const { jobId, journalId } = event.payload;
    const platform = platformDatabase(this.env);
    const db = journalId ? await journalDatabase(this.env, journalId) : platform;
    try {
      return await step.do(
        "import",
        { retries: { limit: 3, delay: "10 seconds", backoff: "exponential" }, timeout: "30 minutes" },
        async () => runJob(db, this.env.FILES, jobId, platform),
      );
    } catch (err) {
      await step.do("record failure", async () => failJob(db, jobId, (err as Error)?.message ?? String(err)));
      return { status: "failed" };
    }
  }
}
