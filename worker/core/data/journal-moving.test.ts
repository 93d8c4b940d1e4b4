// Writes refused while a journal moves (docs/decisions/0280): recognised through D1's and drizzle's wrapping, and
// retried by work outside requests until the move has switched, within a deadline.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { isJournalMoving, retryWhileMoving } from "./journal-moving";

describe("journal_moving", () => {
  it("is recognised in a D1 error raised by a trigger, and in an error wrapping it", async () => {
    await env.JOURNALS_3.prepare("CREATE TABLE IF NOT EXISTS moving_probe (id INTEGER PRIMARY KEY)").run();
    await env.JOURNALS_3.prepare(
      "CREATE TRIGGER IF NOT EXISTS moving_probe_freeze BEFORE INSERT ON moving_probe BEGIN SELECT RAISE(ABORT, 'journal_moving'); END",
    ).run();
    const err = await env.JOURNALS_3.prepare("INSERT INTO moving_probe (id) VALUES (1)")
      .run()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isJournalMoving(err)).toBe(true);
    expect(isJournalMoving(new Error("Failed query: insert ...", { cause: err }))).toBe(true);
    expect(isJournalMoving(new Error("UNIQUE constraint failed"))).toBe(false);
    await env.JOURNALS_3.prepare("DROP TABLE moving_probe").run();
  });

  it("retries a refused write until it goes through, and gives up after its budget", async () => {
    let calls = 0;
    const moving = () => Object.assign(new Error("D1_ERROR: journal_moving: SQLITE_CONSTRAINT"));
    expect(
      await retryWhileMoving(undefined, async () => {
        if (++calls < 3) throw moving();
        return "written";
      }),
    ).toBe("written");
    expect(calls).toBe(3);
    // Another error goes on at once.
    calls = 0;
    await expect(
      retryWhileMoving(undefined, async () => {
        calls++;
        throw new Error("no such table");
      }),
    ).rejects.toThrow("no such table");
    expect(calls).toBe(1);
    // Past the budget the refusal itself goes on.
    await expect(
      retryWhileMoving(
        undefined,
        async () => {
          throw moving();
        },
        600,
      ),
    ).rejects.toThrow("journal_moving");
  });
});
