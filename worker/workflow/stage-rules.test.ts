// Every stage through every rule of the workflow (issue 47 item 2, docs/decisions/0320): one manuscript per stage,
// each with a reviewer invited, then the acceptance rate, the daily reminders, the reviewer's link, the author's
// tracking page (revision, withdrawal) and Publish as article, all as staff, reviewers and authors meet them.
// What each stage should do is written out here, stage by stage, apart from contract/workflow.ts's table: a new
// stage fails typechecking here until someone says what it does.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createArticle, createJournal, dbOf } from "#tests/api/fixtures";
import { manuscripts } from "../core/data/schema";
import { STAGES, type Stage } from "#contract/workflow";
import { runWorkflowDaily } from "./reminders";
import { detail, env, inDays, linkIn, linkRequest, openSession, outboxOf, staffOf, submitManuscript } from "./workflow.fixtures";

interface Expected {
  /** Counted among decided manuscripts (the acceptance rate's denominator), and among accepted ones. */
  decided: boolean;
  accepted: boolean;
  /** A reviewer whose review is due in two days is reminded. */
  reminded: boolean;
  /** The reviewer's link still downloads the manuscript. */
  reviewerDownloads: boolean;
  /** The author's page takes a revision. */
  takesRevision: boolean;
  authorMayWithdraw: boolean;
  /** Publish as article succeeds. */
  publishable: boolean;
}

const no = {
  decided: false,
  accepted: false,
  reminded: false,
  reviewerDownloads: false,
  takesRevision: false,
  authorMayWithdraw: false,
  publishable: false,
};
const EXPECTED: Record<Stage, Expected> = {
  received: { ...no, reminded: true, reviewerDownloads: true, authorMayWithdraw: true },
  under_review: { ...no, reminded: true, reviewerDownloads: true, authorMayWithdraw: true },
  // A decision ends the round: its reviewers are no longer reminded and their links no longer serve the manuscript.
  revisions_requested: { ...no, takesRevision: true, authorMayWithdraw: true },
  accepted: { ...no, decided: true, accepted: true, authorMayWithdraw: true, publishable: true },
  copyediting: { ...no, decided: true, accepted: true, authorMayWithdraw: true },
  production: { ...no, decided: true, accepted: true, authorMayWithdraw: true, publishable: true },
  published: { ...no, decided: true, accepted: true },
  declined: { ...no, decided: true },
  withdrawn: { ...no },
};

describe("stages as data", () => {
  // Nine manuscripts (one per stage) through the queue and a dozen requests each: minutes under load, not 30 s.
  it("walks every stage through the acceptance rate, reminders, reviewers' links, the author's rights and publication", {
    timeout: 180_000,
  }, async () => {
    const j = await createJournal({ websitename: "Journal of Every Stage" });
    const staff = await staffOf(j);
    const article = await createArticle(j.id, { refnumber: "JES-2026-001", year: 2026, volume: 1, issue: 1 });
    const reviewerOf = (s: Stage) => `${s.replace("_", "-")}@rev.example`;
    const ms = new Map<Stage, { id: number }>();
    for (const stage of STAGES) {
      const m = await submitManuscript(j, `A manuscript ${stage}`, { email: `author.${stage.replace("_", "-")}@uni.example.org` });
      const invited = await staff.post(`/manuscripts/${m.id}/reviewers`, {
        name: `Reviewer ${stage}`,
        email: reviewerOf(stage),
        dueDate: inDays(2),
      });
      expect(invited.status).toBe(201);
      // Put where the stage is: the moves there are tested in workflow.test.ts.
      await dbOf(j).update(manuscripts).set({ stage }).where(eq(manuscripts.id, m.id));
      ms.set(stage, m);
    }
    const setStage = (stage: Stage, to: Stage) =>
      dbOf(j)
        .update(manuscripts)
        .set({ stage: to, articleId: null })
        .where(eq(manuscripts.id, ms.get(stage)!.id));
    const out = await outboxOf(staff);
    const mailTo = (to: string, kind: string) => out.find((x) => x.to === to && x.kind === kind)!;
    const ack = (stage: Stage) => out.find((x) => x.kind === "acknowledgement" && x.manuscriptId === ms.get(stage)!.id)!;

    // The acceptance rate: accepted among decided.
    const decided = STAGES.filter((s) => EXPECTED[s].decided).length;
    const accepted = STAGES.filter((s) => EXPECTED[s].accepted).length;
    expect((await staff.get("/workflow/figures")).body).toMatchObject({
      received: STAGES.length,
      decided,
      accepted,
      acceptanceRate: accepted / decided,
    });

    // The daily reminders.
    await runWorkflowDaily(env, new Date());
    const reminded = (await outboxOf(staff)).filter((x) => x.kind === "review.reminder.before").map((x) => x.to);
    expect(STAGES.filter((s) => reminded.includes(reviewerOf(s)))).toEqual(STAGES.filter((s) => EXPECTED[s].reminded));

    // The reviewer's link: the manuscript downloads while the stage keeps it open.
    const downloads: Stage[] = [];
    for (const stage of STAGES) {
      const s = await openSession(j.host, "review", linkIn(mailTo(reviewerOf(stage), "review.invitation").text, "review").token);
      const pdf = s.cookie ? await linkRequest(j.host, "/review/manuscript.pdf", s.cookie) : null;
      if (pdf?.status === 200) downloads.push(stage);
      else expect(pdf?.status ?? s.status).toBe(410);
      await pdf?.arrayBuffer();
    }
    expect(downloads).toEqual(STAGES.filter((s) => EXPECTED[s].reviewerDownloads));

    // The author's page: the revision form and the withdrawal form, where the stage allows them.
    const cookies = new Map<Stage, string>();
    for (const stage of STAGES) {
      const s = await openSession(j.host, "track", linkIn(ack(stage).text, "track").token);
      expect(s.status).toBe(200);
      cookies.set(stage, s.cookie);
      const page = await (await linkRequest(j.host, "/track", s.cookie)).text();
      expect([stage, page.includes('action="/track/revision"')]).toEqual([stage, EXPECTED[stage].takesRevision]);
      expect([stage, page.includes('action="/track/withdraw"')]).toEqual([stage, EXPECTED[stage].authorMayWithdraw]);
    }

    // Publish as article.
    for (const stage of STAGES) {
      const r = await staff.post(`/manuscripts/${ms.get(stage)!.id}/published`, { refnumber: article.refnumber });
      expect([stage, r.status]).toEqual([stage, EXPECTED[stage].publishable ? 200 : 409]);
      if (r.status === 200) {
        expect(r.body.stage).toBe("published");
        await setStage(stage, stage);
      } else expect(r.body).toEqual({ error: "not_accepted" });
    }

    // The author withdraws: the form's answer, not only its presence.
    for (const stage of STAGES) {
      const w = await linkRequest(j.host, "/track/withdraw", cookies.get(stage)!, {
        method: "POST",
        body: new URLSearchParams({ confirm: "yes" }),
      });
      expect([stage, w.status]).toEqual([stage, EXPECTED[stage].authorMayWithdraw ? 303 : 409]);
      await w.arrayBuffer();
      expect((await detail(staff, ms.get(stage)!.id)).stage).toBe(EXPECTED[stage].authorMayWithdraw ? "withdrawn" : stage);
    }
  });
});
