// Runs before every workerd test file (setupFiles): a console.error nobody expected fails the test that logged it,
// and one a test declared with expectConsoleError(pattern) is kept out of the output (the fault-injection tests
// make the Worker log dozens of expected stack traces). A declared error that never comes fails the test too: the
// operator's log line is part of the behaviour under test.
import { afterEach, beforeEach } from "vitest";

interface Expectation {
  pattern: RegExp;
  seen: number;
}

/** What the running test expects and what it logged, kept on globalThis: one guard however often this file runs. */
interface GuardState {
  expected: Expectation[];
  unexpected: string[];
  inTest: boolean;
}
const KEY = Symbol.for("journal-edge.console-guard");
const holder = globalThis as unknown as Record<symbol, GuardState | undefined>;
const state: GuardState = (holder[KEY] ??= (() => {
  const created: GuardState = { expected: [], unexpected: [], inTest: false };
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const line = args.map(describe).join(" ");
    const match = created.inTest ? created.expected.find((e) => e.pattern.test(line)) : undefined;
    if (match) {
      match.seen++;
      return;
    }
    if (created.inTest) created.unexpected.push(line);
    original(...args);
  };
  return created;
})());

function describe(arg: unknown): string {
  return arg instanceof Error ? `${arg.name}: ${arg.message}` : typeof arg === "string" ? arg : String(arg);
}

/**
 * Declares that the running test makes something log `pattern` with console.error (a simulated failure the Worker
 * reports). Matching lines are not printed; the test fails if none comes.
 */
export function expectConsoleError(pattern: RegExp | string): void {
  state.expected.push({
    pattern: typeof pattern === "string" ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) : pattern,
    seen: 0,
  });
}

beforeEach(() => {
  state.expected = [];
  state.unexpected = [];
  state.inTest = true;
});

afterEach(() => {
  state.inTest = false;
  const problems = [
    ...state.unexpected.map((line) => `unexpected console.error: ${line.slice(0, 500)}`),
    ...state.expected.filter((e) => e.seen === 0).map((e) => `expected a console.error matching ${e.pattern}, none came`),
  ];
  state.expected = [];
  state.unexpected = [];
  if (problems.length) {
    throw new Error(`${problems.join("\n")}\n(declare an expected one with expectConsoleError(pattern) from #tests/api/console-guard)`);
  }
});
