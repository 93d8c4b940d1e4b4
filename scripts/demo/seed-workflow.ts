// The demo journal's editorial workflow (issue 36): manuscripts at every stage with their timelines and files,
// reviewers with past invitations (answers, reviews, turnaround), sent mail in the outbox with working links, and a
// reply in a discussion. Deterministic (seeded), dated relative to the day it is seeded.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { drizzle } from "drizzle-orm/d1";
import * as schema from "../../worker/core/data/schema";
import { fileKeys } from "../../worker/core/files/keys";
import { tokenOf } from "../../worker/workflow/link-tokens";
import { AUTHOR_CHECK_TEXT, fillLetter, reviewerCommentsText, DEFAULT_TEMPLATES } from "../../worker/workflow/letter-text";
import type { R2Like } from "../local-state";
import type { Random } from "./random";
import { manuscriptPdf } from "./manuscript-pdf";
import { DECISION_RULES, REVIEW_STATUS, STAGE_LABELS, type Decision, type Stage } from "#contract/workflow";

type Db = ReturnType<typeof drizzle<typeof schema>>;

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString();
const ymd = (t: number) => iso(t).slice(0, 10);

const REVIEWERS = [
  {
    name: "Prof. Amara Nwosu",
    email: "amara.nwosu@reviewers.example",
    affiliation: "University of Ibadan",
    keywords: "soil science, nitrogen cycling",
  },
  {
    name: "Dr. Henrik Sandberg",
    email: "h.sandberg@reviewers.example",
    affiliation: "Lund University",
    keywords: "hydrology, remote sensing",
  },
  {
    name: "Dr. Priya Raghunathan",
    email: "priya.r@reviewers.example",
    affiliation: "IISc Bengaluru",
    keywords: "plant pathology, field trials",
  },
  {
    name: "Prof. Tomás Echeverría",
    email: "techeverria@reviewers.example",
    affiliation: "Universidad de Chile",
    keywords: "statistics, ecology",
  },
  {
    name: "Dr. Yuki Matsumoto",
    email: "yuki.matsumoto@reviewers.example",
    affiliation: "Hokkaido University",
    keywords: "microbiology, biofilms",
  },
];

const AUTHORS = [
  { name: "Dr. Farida Bashir", email: "farida.bashir@authors.example", country: "Pakistan" },
  { name: "Dr. Kwame Mensah", email: "k.mensah@authors.example", country: "Nigeria" },
  { name: "Dr. Rina Sari", email: "rina.sari@authors.example", country: "Indonesia" },
  { name: "Prof. Lalit Deshpande", email: "l.deshpande@authors.example", country: "India" },
  { name: "Dr. Selam Tesfaye", email: "selam.t@authors.example", country: "Ethiopia" },
  { name: "Dr. Omar Haddad", email: "o.haddad@authors.example", country: "Egypt" },
  { name: "Dr. Nazrul Islam", email: "nazrul.islam@authors.example", country: "Bangladesh" },
  { name: "Dr. Aysel Məmmədova", email: "aysel.m@authors.example", country: "Azerbaijan" },
  { name: "Dr. Faisal Al-Harbi", email: "f.alharbi@authors.example", country: "Saudi Arabia" },
  { name: "Dr. Hana Girma", email: "hana.girma@authors.example", country: "Ethiopia" },
  { name: "Dr. Lucía Pereira", email: "l.pereira@authors.example", country: "Uruguay" },
];

/** What each online author typed as their institute address on Submit Online (SPEC's form field). */
const ADDRESSES = [
  "Department of Soil Science\nUniversity of Agriculture, Faisalabad",
  "Department of Geography\nUniversity of Ghana, Legon",
  "Faculty of Agriculture\nUniversitas Gadjah Mada, Yogyakarta",
  "Department of Environmental Science\nSavitribai Phule Pune University",
  "College of Agriculture and Environmental Sciences\nHaramaya University",
  "Faculty of Agriculture\nCairo University, Giza",
  "Institute of Forestry and Environmental Sciences\nUniversity of Chittagong",
  "Institute of Botany\nAzerbaijan National Academy of Sciences, Baku",
  "College of Food and Agriculture Sciences\nKing Saud University, Riyadh",
  "College of Agriculture\nHawassa University",
  "Facultad de Agronomía\nUniversidad de la República, Montevideo",
];

const TITLES = [
  "Biochar amendments and wheat yield on saline soils",
  "Groundwater recharge estimates from satellite gravimetry in the Sahel",
  "Leaf blight resistance in local rice cultivars",
  "Heavy metals in peri-urban vegetables: a market survey",
  "Drip irrigation scheduling with soil moisture sensors",
  "Microbial diversity of traditional fermented milk",
  "Mangrove carbon stocks after restoration",
  "Pollinator visits to mustard under shade nets",
  "Solar drying of apricots: moisture loss and colour",
  "Tillage and earthworm abundance in maize fields",
  "Drip irrigation scheduling for tomato under heat stress",
];

interface PlannedManuscript {
  stage: Stage;
  days: number;
  reviews: readonly (typeof REVIEW_STATUS)["submitted" | "agreed" | "invited" | "declined"][];
  decision?: Decision;
  /** Decisions after the first (send to copyediting, then to production), a few days apart. */
  after?: readonly Decision[];
  round?: number;
  /** What the author was sent to check through the tracking link (decision 0341), and whether they approved it. */
  authorCheck?: { kind: "copyedit" | "proof"; approved: boolean };
}

const { agreed } = REVIEW_STATUS;
/** Where each demo manuscript is, and how it got there. */
const PLANNED = [
  { stage: "received", days: 2, reviews: [] },
  { stage: "under_review", days: 12, reviews: [agreed, "invited"] },
  { stage: "under_review", days: 40, reviews: ["submitted", agreed] },
  { stage: "revisions_requested", days: 55, reviews: ["submitted", "submitted"], decision: "revisions_requested" },
  { stage: "accepted", days: 90, reviews: ["submitted", "submitted"], decision: "accepted", round: 2 },
  {
    stage: "copyediting",
    days: 95,
    reviews: ["submitted", "submitted"],
    decision: "accepted",
    after: ["copyediting"],
    authorCheck: { kind: "copyedit", approved: false },
  },
  {
    stage: "production",
    days: 120,
    reviews: ["submitted", "submitted"],
    decision: "accepted",
    after: ["copyediting", "production"],
    authorCheck: { kind: "proof", approved: false },
  },
  { stage: "published", days: 150, reviews: ["submitted", "submitted", "declined"], decision: "accepted" },
  { stage: "declined", days: 70, reviews: ["submitted", "submitted"], decision: "declined" },
  { stage: "withdrawn", days: 30, reviews: ["declined"] },
  // Proofs approved by the author: ready to publish.
  {
    stage: "production",
    days: 130,
    reviews: ["submitted", "submitted"],
    decision: "accepted",
    after: ["copyediting", "production"],
    authorCheck: { kind: "proof", approved: true },
  },
] as const satisfies readonly PlannedManuscript[];
const PLAN: readonly PlannedManuscript[] = PLANNED;
// The demo shows every stage: a new stage fails typechecking here until the demo has a manuscript in it.
type StageWithoutDemo = Exclude<Stage, (typeof PLANNED)[number]["stage"]>;
export const DEMO_SHOWS_EVERY_STAGE: [StageWithoutDemo] extends [never] ? true : { missing: StageWithoutDemo } = true;

const COMMENTS = [
  "The study is useful, but the methods section should state how the plots were randomised and how many replicates were taken.",
  "Please compare your results with the regional studies from the last five years and discuss why your yields differ.",
  "Table 2 reports means without standard deviations; please add them and say which test was used for the comparisons.",
];

/** This machine's JWT_SECRET (.dev.vars, made by `npm start`), which the links in the demo e-mails are signed with. */
export function localSecret(): string {
  try {
    const vars = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", ".dev.vars"), "utf8");
    const m = /^\s*JWT_SECRET\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S*))/m.exec(vars);
    return m?.[1] ?? m?.[2] ?? m?.[3] ?? "";
  } catch {
    return "";
  }
}

export interface WorkflowDemoInput {
  journalId: number;
  journal: { websitename: string; websiteemail: string };
  host: string;
  /** The Worker's secret of this machine (.dev.vars), so the links in the demo e-mails open. */
  secret: string;
  today: Date;
  rnd: Random;
  /** The section the demo's manuscripts were sent to (the journal's first), null for none. */
  sectionId: number | null;
  /** A public demo article the published manuscript became. */
  publishedArticle: { id: number; refnumber: string; year: number; volume: number; issue: number } | null;
}

export async function seedWorkflowDemo(
  db: Db,
  files: R2Like,
  input: WorkflowDemoInput,
): Promise<{ manuscripts: number; messages: number }> {
  const { journalId, rnd } = input;
  const now = input.today.getTime();
  const origin = `http://${input.host}:${process.env.PORT || 8787}`;
  const domain = input.journal.websiteemail.split("@")[1] ?? "example.org";
  const from = { fromAddress: input.journal.websiteemail, fromName: input.journal.websitename };
  const reviewerRows = [];
  for (const r of REVIEWERS) {
    const [row] = await db
      .insert(schema.reviewers)
      .values({ journalId, ...r, createdAt: iso(now - 200 * DAY) })
      .returning();
    reviewerRows.push(row);
  }
  let messages = 0;
  const mail = async (v: {
    manuscriptId: number;
    kind: string;
    to: string;
    toName: string;
    subject: string;
    text: string;
    at: number;
    replyToken: string;
  }) => {
    messages++;
    const [row] = await db
      .insert(schema.mailOutbox)
      .values({
        journalId,
        manuscriptId: v.manuscriptId,
        kind: v.kind,
        toAddress: v.to,
        toName: v.toName,
        ...from,
        replyTo: `replies+${v.replyToken}@${domain}`,
        subject: v.subject,
        text: v.text,
        status: "sent",
        attempts: 1,
        createdAt: iso(v.at),
        claimedAt: iso(v.at + 2000),
        sentAt: iso(v.at + 3000),
        messageId: `<demo-${messages}@${domain}>`,
      })
      .returning();
    return row.id;
  };

  for (const [i, p] of PLAN.entries()) {
    const author = AUTHORS[i];
    const created = now - p.days * DAY;
    const reference = `SUB-${ymd(created).replace(/-/g, "")}-DEMO${String.fromCharCode(65 + i)}${i + 2}`;
    const replyToken = Array.from({ length: 24 }, () => "0123456789abcdef"[rnd.int(0, 15)]).join("");
    const round = p.round ?? 1;
    const decidedAt = p.decision ? created + Math.round(p.days * 0.6) * DAY : null;
    const publishedAt = p.stage === "published" ? created + (p.days - 10) * DAY : null;
    const file = `${reference}-demo.pdf`;
    const originalPdf = await manuscriptPdf({ kind: "Manuscript", title: TITLES[i], author: author.name, reference, authorOnPage: false });
    // What the author sent through Submit Online (the Submissions list, the manuscript's "What the author sent"):
    // every manuscript but the one staff added from an e-mail.
    const submission =
      i === 6
        ? null
        : (
            await db
              .insert(schema.submissions)
              .values({
                journalId,
                reference,
                name: author.name,
                email: author.email,
                country: author.country,
                phone: i % 3 === 0 ? `+${90 + i} 300 555 01${String(i).padStart(2, "0")}` : "",
                address: ADDRESSES[i],
                title: TITLES[i],
                file,
                fileSize: originalPdf.byteLength,
                createdAt: iso(created),
                abstract: `${TITLES[i]}: we report field measurements from two seasons, compare them with the region's published figures and discuss what they mean for smallholder practice.`,
                keywords: TITLES[i]
                  .toLowerCase()
                  .split(/[^a-z]+/)
                  .filter((w) => w.length > 5)
                  .slice(0, 4)
                  .join(", "),
                coAuthors: JSON.stringify(
                  i % 2 === 0
                    ? [
                        {
                          name: AUTHORS[(i + 4) % AUTHORS.length].name,
                          email: AUTHORS[(i + 4) % AUTHORS.length].email,
                          affiliation: ADDRESSES[(i + 4) % ADDRESSES.length].split("\n")[1],
                          orcid: "",
                        },
                      ]
                    : [],
                ),
                sectionId: input.sectionId,
                coverLetter:
                  i % 2 === 0 ? "This manuscript has not been published or submitted elsewhere. All authors approved the submission." : "",
                consentPoliciesAt: iso(created),
                consentCopyrightAt: iso(created),
              })
              .returning()
          )[0];
    const [m] = await db
      .insert(schema.manuscripts)
      .values({
        submissionId: submission?.id ?? null,
        phone: submission?.phone ?? "",
        address: submission?.address ?? "",
        sectionId: input.sectionId,
        journalId,
        reference,
        title: TITLES[i],
        authorName: author.name,
        authorEmail: author.email,
        country: author.country,
        stage: p.stage,
        round,
        source: i === 6 ? "staff" : "online",
        replyToken,
        articleId: p.stage === "published" ? (input.publishedArticle?.id ?? null) : null,
        createdAt: iso(created),
        updatedAt: iso(publishedAt ?? decidedAt ?? created + DAY),
        firstDecisionAt: decidedAt ? iso(decidedAt) : null,
        decidedAt: decidedAt ? iso(decidedAt) : null,
        publishedAt: publishedAt ? iso(publishedAt) : null,
      })
      .returning();
    const event = (
      at: number,
      actor: string,
      action: string,
      summary: string,
      extra: Partial<typeof schema.manuscriptEvents.$inferInsert> = {},
    ) => db.insert(schema.manuscriptEvents).values({ journalId, manuscriptId: m.id, at: iso(at), actor, action, summary, ...extra });
    await files.put(fileKeys.submission(journalId, file), originalPdf, { httpMetadata: { contentType: "application/pdf" } });
    await db
      .insert(schema.manuscriptFiles)
      .values({ journalId, manuscriptId: m.id, round: 1, kind: "manuscript", file, size: originalPdf.byteLength, createdAt: iso(created) });
    await event(
      created,
      i === 6 ? "staff:admin" : "author",
      "submitted",
      i === 6 ? "Added by staff (received by e-mail)" : "Submitted through Submit Online",
      {
        toStage: "received",
      },
    );
    const [track] = await db
      .insert(schema.accessLinks)
      .values({ journalId, purpose: "track", subjectId: m.id, createdAt: iso(created), expiresAt: iso(now + 365 * DAY) })
      .returning();
    const trackUrl = `${origin}/track#${await tokenOf(input.secret, track)}`;
    const ackId = await mail({
      manuscriptId: m.id,
      kind: "acknowledgement",
      to: author.email,
      toName: author.name,
      subject: `${reference}: manuscript received`,
      text: `Dear ${author.name},\n\nThank you for submitting your manuscript "${TITLES[i]}" to ${input.journal.websitename}.\nYour reference is ${reference}. Please quote it in any message about this manuscript.\n\nWe will write to you when the editors have read it.\n\nFollow your manuscript (stage, letters, reviewers' comments, revisions): ${trackUrl}\n\n--\n${input.journal.websitename}\nReply to this e-mail to write to the editorial office.`,
      at: created + 60_000,
      replyToken,
    });
    await event(created + 60_000, "system", "mail", "Acknowledgement e-mailed to the author", { outboxId: ackId });

    // Reviews of round 1 (and of round 2 for the accepted one).
    const submitted: { commentsAuthor: string; round: number }[] = [];
    if (p.reviews.length)
      await event(created + DAY, "staff:admin", "stage", "Sent to review", { fromStage: "received", toStage: "under_review" });
    for (const [k, status] of p.reviews.entries()) {
      const reviewer = reviewerRows[(i + k) % reviewerRows.length];
      const invitedAt = created + DAY + k * 3600_000;
      const due = status === "invited" && i === 1 ? now - 2 * DAY : invitedAt + 21 * DAY;
      const submittedAt = status === "submitted" ? invitedAt + rnd.int(9, 24) * DAY : null;
      const commentsAuthor = status === "submitted" ? COMMENTS[(i + k) % COMMENTS.length] : "";
      const [a] = await db
        .insert(schema.reviewAssignments)
        .values({
          journalId,
          manuscriptId: m.id,
          reviewerId: reviewer.id,
          round: 1,
          status,
          dueDate: ymd(due),
          invitedAt: iso(invitedAt),
          respondedAt: status === "invited" ? null : iso(invitedAt + 2 * DAY),
          submittedAt: submittedAt ? iso(submittedAt) : null,
          recommendation: status === "submitted" ? rnd.pick(["accept", "minor_revisions", "major_revisions"]) : null,
          commentsAuthor,
          commentsEditor: status === "submitted" ? "No concerns about the ethics of the study." : "",
        })
        .returning();
      if (submittedAt) submitted.push({ commentsAuthor, round: 1 });
      const [link] = await db
        .insert(schema.accessLinks)
        .values({ journalId, purpose: "review", subjectId: a.id, createdAt: iso(invitedAt), expiresAt: iso(due + 30 * DAY) })
        .returning();
      const url = `${origin}/review#${await tokenOf(input.secret, link)}`;
      const inv = await mail({
        manuscriptId: m.id,
        kind: "review.invitation",
        to: reviewer.email,
        toName: reviewer.name,
        subject: `Invitation to review ${reference}`,
        text: `Dear ${reviewer.name},\n\nThe editors of ${input.journal.websitename} invite you to review the manuscript "${TITLES[i]}" (${reference}).\n\nReview is double-blind: please keep your identity out of your comments and file.\nPlease respond by ${ymd(due)}. On the review page you can accept or decline, download the manuscript and send your review:\n${url}\n\nThis link is for you alone; please do not forward it.\n\n--\n${input.journal.websitename}\nReply to this e-mail to write to the editorial office.`,
        at: invitedAt,
        replyToken,
      });
      await event(invitedAt, "staff:admin", "reviewer_invited", `Invited ${reviewer.name} to review round 1, due ${ymd(due)}`, {
        outboxId: inv,
      });
      if (status !== "invited") {
        await event(
          invitedAt + 2 * DAY,
          `reviewer:${a.id}`,
          status === "declined" ? "review_declined" : "review_accepted",
          `Reviewer ${status === "declined" ? "declined" : "accepted"} the invitation (round 1)`,
        );
      }
      if (submittedAt) await event(submittedAt, `reviewer:${a.id}`, "review_submitted", "Review submitted (round 1)");
    }
    if (p.round === 2) {
      await event(created + 40 * DAY, "staff:admin", "decision", `Decision: ${STAGE_LABELS.revisions_requested}`, {
        fromStage: "under_review",
        toStage: "revisions_requested",
      });
      const rfile = `${reference}-r2-demo.pdf`;
      const revised = await manuscriptPdf({
        kind: "Revised manuscript",
        title: TITLES[i],
        author: author.name,
        reference,
        authorOnPage: false,
      });
      await files.put(fileKeys.submission(journalId, rfile), revised, { httpMetadata: { contentType: "application/pdf" } });
      await db.insert(schema.manuscriptFiles).values({
        journalId,
        manuscriptId: m.id,
        round: 2,
        kind: "revision",
        file: rfile,
        size: revised.byteLength,
        createdAt: iso(created + 50 * DAY),
      });
      await event(created + 50 * DAY, "author", "revision", "Revised manuscript received: round 2 begins", {
        fromStage: "revisions_requested",
        toStage: "under_review",
      });
    }
    let from: Stage = "under_review";
    for (const [k, decision] of (p.decision && decidedAt ? [p.decision, ...(p.after ?? [])] : []).entries()) {
      const at = decidedAt! + k * 4 * DAY;
      const t = DEFAULT_TEMPLATES[decision];
      const values = {
        author_name: author.name,
        title: TITLES[i],
        reference,
        reviewer_comments: submitted.length && k === 0 ? `The reviewers' comments:\n\n${reviewerCommentsText(submitted)}` : "",
        journal_name: input.journal.websitename,
      };
      const subject = fillLetter(t.subject, values);
      const text = fillLetter(t.body, values).replace(/\n{3,}/g, "\n\n");
      const id = await mail({
        manuscriptId: m.id,
        kind: `decision.${decision}`,
        to: author.email,
        toName: author.name,
        subject,
        text: `${text}\n\nFollow your manuscript (stage, letters, reviewers' comments, revisions): ${trackUrl}`,
        at,
        replyToken,
      });
      const to = DECISION_RULES[decision].stage;
      await event(at, "staff:admin", "decision", `Decision: ${DECISION_RULES[decision].label}`, {
        fromStage: from,
        toStage: to,
        letterSubject: subject,
        letterText: text,
        outboxId: id,
      });
      from = to;
    }
    if (p.authorCheck && decidedAt) {
      const { kind, approved } = p.authorCheck;
      const sentAt = decidedAt + (p.after?.length ?? 0) * 4 * DAY + 2 * DAY;
      const checkFile = `${reference}-${kind}-demo.pdf`;
      const checked = await manuscriptPdf({
        kind: kind === "proof" ? "Proofs" : "Copyedited manuscript",
        title: TITLES[i],
        author: author.name,
        reference,
        authorOnPage: true,
      });
      await files.put(fileKeys.submission(journalId, checkFile), checked, { httpMetadata: { contentType: "application/pdf" } });
      await db
        .insert(schema.manuscriptFiles)
        .values({ journalId, manuscriptId: m.id, round, kind, file: checkFile, size: checked.byteLength, createdAt: iso(sentAt) });
      const t = AUTHOR_CHECK_TEXT[kind];
      const id = await mail({
        manuscriptId: m.id,
        kind: `author_check.${kind}`,
        to: author.email,
        toName: author.name,
        subject: t.subject(reference),
        text: `${t.lead(author.name, TITLES[i], reference)}\n\nFollow your manuscript (stage, letters, reviewers' comments, revisions): ${trackUrl}`,
        at: sentAt,
        replyToken,
      });
      const what = kind === "proof" ? "proofs" : "copyedited manuscript";
      await event(
        sentAt,
        "staff:admin",
        `author_check.${kind}.sent`,
        kind === "proof" ? "Proofs sent to the author" : "Copyedited manuscript sent to the author to check",
        { outboxId: id },
      );
      if (approved) await event(sentAt + 2 * DAY, "author", `author_check.${kind}.approved`, `The author approved the ${what}`);
    }
    if (p.stage === "published" && publishedAt && input.publishedArticle) {
      const a = input.publishedArticle;
      const id = await mail({
        manuscriptId: m.id,
        kind: "published",
        to: author.email,
        toName: author.name,
        subject: `${reference}: your article is published`,
        text: `Dear ${author.name},\n\nYour article "${TITLES[i]}" is published in ${input.journal.websitename} (volume ${a.volume}, issue ${a.issue}, ${a.year}) under the reference number ${a.refnumber}.\n\nRead and share it: ${origin}/archives/${a.year}/vol${a.volume}/issue${a.issue}/${encodeURIComponent(a.refnumber)}\nYour publication certificate, the cover page and the editorial board: ${origin}/pdf?refno=${encodeURIComponent(a.refnumber)}`,
        at: publishedAt,
        replyToken,
      });
      await event(publishedAt, "staff:admin", "published", `Published as article ${a.refnumber}`, {
        fromStage: "accepted",
        toStage: "published",
        outboxId: id,
      });
    }
    if (p.stage === "withdrawn") {
      await event(created + 5 * DAY, "author", "stage", "Withdrawn by the author", { fromStage: "received", toStage: "withdrawn" });
    }
    // A reply in the discussion of the manuscript waiting for its revision.
    if (p.stage === "revisions_requested") {
      await db.insert(schema.mailInbound).values({
        journalId,
        manuscriptId: m.id,
        fromAddress: author.email,
        fromName: author.name,
        toAddress: `replies+${replyToken}@${domain}`,
        subject: `Re: ${reference}: revisions requested`,
        text: "Thank you for the reviews. We are re-running the field trial analysis and will send the revision within three weeks.",
        receivedAt: iso(decidedAt! + 2 * DAY),
      });
    }
  }
  // One reply that matched no manuscript (an author who wrote to the office address).
  await db.insert(schema.mailInbound).values({
    journalId,
    manuscriptId: null,
    fromAddress: "curious.reader@example.net",
    fromName: "A reader",
    toAddress: input.journal.websiteemail,
    subject: "Question about article processing charges",
    text: "Hello, could you tell me whether the fee applies to invited reviews?",
    receivedAt: iso(now - 3 * DAY),
  });
  await db.insert(schema.workflowSettings).values({
    journalId,
    senderName: input.journal.websitename,
    senderAddress: input.journal.websiteemail,
    publicFigures: true,
    updatedAt: iso(now),
  });
  return { manuscripts: PLAN.length, messages };
}
