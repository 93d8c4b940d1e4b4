// Operators and console calls for API tests: real rows in the local D1, real tokens signed with the test secret.
import { env } from "cloudflare:test";
import { db, request, unique } from "./fixtures";
import { hashPassword } from "../../worker/auth/password";
import { signOperatorToken } from "../../worker/auth/tokens";
import { operators } from "../../worker/core/data/schema";
import { bodyText } from "./body-text";

/** The console's host in tests (wrangler.toml PLATFORM_HOSTS). */
export const PLATFORM_HOST = "platform.localhost";

export interface TestOperator {
  id: number;
  username: string;
  password: string;
  token: string;
}

export async function createOperator(opts: { status?: string } = {}): Promise<TestOperator> {
  const username = unique("operator");
  const password = `pw-${unique("secret")}`;
  const now = new Date().toISOString();
  const [row] = await db
    .insert(operators)
    .values({
      username,
      name: username,
      passwordHash: await hashPassword(password),
      status: opts.status ?? "enabled",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const token = await signOperatorToken(env, { operatorId: row.id, sessionVersion: 0 });
  return { id: row.id, username, password, token };
}

/** A JSON call to the console API on the platform host. */
export async function consoleCall<T = any>(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  host = PLATFORM_HOST,
): Promise<{ status: number; body: T; res: Response }> {
  const res = await request(host, `/api/platform${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await bodyText(res);
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as T, res };
}

/** A journal made through the console, with a fresh unique host. */
export async function consoleJournal(op: TestOperator, over: Record<string, unknown> = {}) {
  const host = `${unique("new")}.test`;
  const r = await consoleCall(op.token, "POST", "/journals", {
    name: `Journal ${host}`,
    abbreviation: "J",
    issnPrint: "",
    issnOnline: "",
    contactEmail: `ed@${host}`,
    primaryHost: host,
    ...over,
  });
  if (r.status !== 201) throw new Error(`journal create: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.journal.id as number, host: r.body.journal.hosts[0].host as string, name: r.body.journal.name as string };
}
