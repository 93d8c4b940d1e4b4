// The isolate's side of counting: after the answer is made, a public request that counts (usage-event.ts) is
// checked against the robots list and joins this isolate's open batch; the batch goes to each journal's
// UsageCounter once, BATCH_WINDOW_MS after it opened, inside the requests' waitUntil. Nothing here runs before
// the reader has the answer, and nothing here can fail it (docs/decisions/0165-usage-counting.md).
import { hostNameOf } from "#contract/host";
import { clientIpOf } from "../auth/client-ip";
import { drizzleOver, sessionFor } from "../core/edge/d1-session";
import { journalForHost } from "../core/edge/journal-memo";
import { isRobot } from "./robots";
import { type UsageEvent, type UsageHit, usageHitOf } from "./usage-event";

/** How long a batch stays open for more events: the most an isolate holds counts before sending them. The
 * request that opened the batch sends it from its waitUntil. */
export const BATCH_WINDOW_MS = 100;

interface Batch {
  events: Map<number, UsageEvent[]>;
  sent: Promise<void>;
}

let open: Batch | null = null;

/**
 * Counts the request if it is a view or download; returns at once (the work is handed to ctx.waitUntil). Never
 * throws: a counting failure is logged and the reader's answer goes out unchanged.
 */
export function countUsage(req: Request, status: number, env: Env, ctx: ExecutionContext, contentRange: string | null = null): void {
  try {
    const hit = usageHitOf(req, status, contentRange);
    // Everything else (the robots list, the journal, the batch) runs in waitUntil, from a microtask: a zero timer
    // per request would cost more than the work itself (npm run bench:stats).
    const at = Date.now();
    if (hit) ctx.waitUntil(afterTheAnswer().then(() => feed(req, hit, env, at)));
  } catch (err) {
    console.error("usage counting failed", err);
  }
}

const afterTheAnswer = (): Promise<void> => Promise.resolve();

async function feed(req: Request, hit: UsageHit, env: Env, at: number): Promise<void> {
  try {
    const userAgent = req.headers.get("user-agent") ?? "";
    if (isRobot(userAgent)) return;
    const host = hostNameOf(new URL(req.url).host);
    const journal = await journalForHost(() => drizzleOver(sessionFor(req, env.DB)), host);
    if (!journal) return;
    const country = typeof req.cf?.country === "string" && /^[A-Z]{2}$/.test(req.cf.country) ? req.cf.country : "";
    const event: UsageEvent = { ...hit, at, ip: clientIpOf(req.headers), userAgent, country };
    // The request that opens a batch carries it (waits the window, then sends it); the others only add to it,
    // so that no request waits on another's timer (the runtime would cancel it as hung).
    const carried = join(env, journal.id, event);
    if (carried) await carried;
  } catch (err) {
    console.error("usage counting failed", err);
  }
}

/** Adds the event to the open batch; opens one when there is none, and then answers the promise of its sending. */
function join(env: Env, journalId: number, event: UsageEvent): Promise<void> | null {
  const opened = open === null;
  if (!open) {
    const batch: Batch = { events: new Map(), sent: Promise.resolve() };
    batch.sent = new Promise<void>((resolve) => setTimeout(resolve, BATCH_WINDOW_MS)).then(() => {
      if (open === batch) open = null;
      return deliver(env, batch.events);
    });
    open = batch;
  }
  const list = open.events.get(journalId) ?? [];
  list.push(event);
  open.events.set(journalId, list);
  return opened ? open.sent : null;
}

/** One call per journal; a failed call is tried once more, then its counts are dropped (and logged). */
async function deliver(env: Env, byJournal: Map<number, UsageEvent[]>): Promise<void> {
  await Promise.all(
    [...byJournal].map(async ([journalId, events]) => {
      for (let attempt = 1; attempt <= 2; attempt++) {
        try {
          await counterOf(env, journalId).record(journalId, events);
          return;
        } catch (err) {
          if (attempt === 2) console.error(`usage counts lost: ${events.length} events of journal ${journalId}`, err);
        }
      }
    }),
  );
}

/** Each journal has its own counter, named by the journal's id. */
export const counterOf = (env: Env, journalId: number) => env.USAGE.get(env.USAGE.idFromName(`journal-${journalId}`));
