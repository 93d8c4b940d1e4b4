// Fault injection for API tests: the real D1 and R2 bindings, wrapped so that the Nth platform call (counted over
// both) fails — either before it reaches the platform ("before": the call never happens) or after it took effect
// ("after": the change is made but the answer is lost, like a timeout). Requests then go through createApp() with
// the wrapped env, the same code path as production.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { createApp } from "../../worker/app";

export type FaultMode = "before" | "after";

export class FaultPlan {
  calls: string[] = [];
  constructor(
    readonly failAt: number | null = null,
    readonly mode: FaultMode = "before",
  ) {}

  /** Runs one platform call, counting it, and failing it when it is the chosen one. */
  async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    this.calls.push(what);
    const fail = this.calls.length === this.failAt;
    if (fail && this.mode === "before") throw new Error(`injected fault before call ${this.failAt}: ${what}`);
    const result = await run();
    if (fail) throw new Error(`injected fault after call ${this.failAt}: ${what}`);
    return result;
  }
}

const REAL = Symbol("real statement");

function faultyStatement(stmt: D1PreparedStatement, plan: FaultPlan, sql: string): D1PreparedStatement {
  return new Proxy(stmt, {
    get(target, prop) {
      if (prop === REAL) return target;
      if (prop === "bind") return (...values: unknown[]) => faultyStatement(target.bind(...values), plan, sql);
      if (prop === "first" || prop === "run" || prop === "all" || prop === "raw") {
        return (...args: unknown[]) =>
          plan.call(`D1 ${prop} ${sql.slice(0, 60)}`, () => (target[prop] as (...a: unknown[]) => Promise<unknown>).apply(target, args));
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export function faultyD1(db: D1Database, plan: FaultPlan): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => faultyStatement(target.prepare(sql), plan, sql);
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) =>
          plan.call(`D1 batch(${statements.length})`, () =>
            target.batch(statements.map((s) => (s as unknown as Record<symbol, D1PreparedStatement>)[REAL] ?? s)),
          );
      }
      if (prop === "exec") return (sql: string) => plan.call("D1 exec", () => target.exec(sql));
      // The app reads and writes through a D1 session (worker/core/edge/d1-session.ts): its calls fail the same way.
      if (prop === "withSession")
        return (...args: unknown[]) => faultyD1((target.withSession as (...a: unknown[]) => unknown)(...args) as D1Database, plan);
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export function faultyR2(bucket: R2Bucket, plan: FaultPlan): R2Bucket {
  return new Proxy(bucket, {
    get(target, prop) {
      if (prop === "put" || prop === "get" || prop === "delete" || prop === "head" || prop === "list") {
        return (...args: unknown[]) =>
          plan.call(`R2 ${prop}`, () => (target[prop] as (...a: unknown[]) => Promise<unknown>).apply(target, args));
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const app = createApp();

/** Sends a request through the app with D1 and R2 wrapped by `plan`. */
export async function requestWithFaults(plan: FaultPlan, host: string, path: string, init: RequestInit = {}): Promise<Response> {
  // Every database fails in turn, the platform's and the journal databases (docs/decisions/0240).
  const databases = Object.fromEntries(
    Object.entries(env)
      .filter(([name]) => name === "DB" || /^JOURNALS_\d+$/.test(name))
      .map(([name, binding]) => [name, faultyD1(binding as D1Database, plan)]),
  );
  const faultyEnv = { ...env, ...databases, FILES: faultyR2(env.FILES, plan) };
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://${host}${path}`, init), faultyEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
