// A wrapper around the D1 binding for tests and the bench (never the Worker): counts database round trips (one per
// statement run, one per batch) and can delay each one, to show what a reader far from the database sees.
// It wraps sessions too (env.DB.withSession), so it sees every call the app makes.

export interface D1Probe {
  /** Round trips since the last reset. */
  calls: number;
  /** The SQL of each round trip (a batch joined with " ; "). */
  log: string[];
  reset(): void;
}

const REAL = Symbol("real statement");
type Probed = D1PreparedStatement & { [REAL]?: D1PreparedStatement };

const wait = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

const newProbe = (): D1Probe => {
  const probe: D1Probe = {
    calls: 0,
    log: [],
    reset() {
      probe.calls = 0;
      probe.log = [];
    },
  };
  return probe;
};

/**
 * Every database the Worker binds — the platform's (DB) and the journal databases (JOURNALS_n, docs/decisions/0240)
 * — wrapped with one probe: a request's round trips to any of them are counted together.
 */
export function probeDatabases(env: object, opts: { delayMs?: number } = {}): { bindings: Record<string, D1Database>; probe: D1Probe } {
  const probe = newProbe();
  const bindings: Record<string, D1Database> = {};
  for (const [name, value] of Object.entries(env))
    if (name === "DB" || /^JOURNALS_\d+$/.test(name)) bindings[name] = probeD1(value as D1Database, { ...opts, probe }).db;
  return { bindings, probe };
}

export function probeD1(real: D1Database, opts: { delayMs?: number; probe?: D1Probe } = {}): { db: D1Database; probe: D1Probe } {
  const probe = opts.probe ?? newProbe();
  const roundTrip = async (sql: string) => {
    probe.calls++;
    probe.log.push(sql);
    await wait(opts.delayMs ?? 0);
  };

  const wrapStatement = (stmt: D1PreparedStatement, sql: string): Probed =>
    new Proxy(stmt, {
      get(target, prop) {
        if (prop === REAL) return target;
        if (prop === "bind") return (...values: unknown[]) => wrapStatement(target.bind(...values), sql);
        if (prop === "first" || prop === "run" || prop === "all" || prop === "raw") {
          return async (...args: unknown[]) => {
            await roundTrip(sql);
            return (target[prop] as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });

  const unwrap = (stmts: D1PreparedStatement[]) => stmts.map((s) => (s as Probed)[REAL] ?? s);
  const sqlOf = (stmts: D1PreparedStatement[]) => `batch(${stmts.length})`;

  const wrapSession = (session: D1DatabaseSession): D1DatabaseSession =>
    ({
      prepare: (sql: string) => wrapStatement(session.prepare(sql), sql),
      batch: async (stmts: D1PreparedStatement[]) => {
        await roundTrip(sqlOf(stmts));
        return session.batch(unwrap(stmts));
      },
      getBookmark: () => session.getBookmark(),
    }) as D1DatabaseSession;

  const db = {
    prepare: (sql: string) => wrapStatement(real.prepare(sql), sql),
    batch: async (stmts: D1PreparedStatement[]) => {
      await roundTrip(sqlOf(stmts));
      return real.batch(unwrap(stmts));
    },
    exec: async (sql: string) => {
      await roundTrip(sql);
      return real.exec(sql);
    },
    withSession: (constraint?: string) => wrapSession(real.withSession(constraint)),
    dump: () => real.dump(),
  } as unknown as D1Database;
  return { db, probe };
}
