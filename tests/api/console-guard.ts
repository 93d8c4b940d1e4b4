// Runs before every workerd test file (setupFiles): a console.error nobody expected fails the test that logged it,
// and one a test declared with expectConsoleError(pattern) is kept out of the output (the fault-injection tests
// make the Worker log dozens of expected stack traces). A declared error that never comes fails the test too: the
// operator's log line is part of the behaviour under test.
import { afterEach, beforeEach } from "vitest";

interface Expectation {
  pattern: RegExp;
  seen: number;
}

let expected: Expectation[] = [];
let unexpected: string[] = [];
let inTest = false;
const original = console.error.bind(console);

const describe = (arg: unknown): string =>
  arg instanceof Error ? `${arg.name}: ${arg.message}` : typeof arg === "string" ? arg : String(arg);

console.error = (...args: unknown[]) => {
  const line = args.map(describe).join(" ");
  const match = inTest ? expected.find((e) => e.pattern.test(line)) : undefined;
  if (match) {
    match.seen++;
    return;
  }
  if (inTest) unexpected.push(line);
  original(...args);
};

/**
 * Declares that the running test makes something log `pattern` with console.error (a simulated failure the Worker
 * reports). Matching lines are not printed; the test fails if none comes.
 */
export function expectConsoleError(pattern: RegExp | string): void {
  expected.push({ pattern: typeof pattern === "string" ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) : pattern, seen: 0 });
}

beforeEach(() => {
  expected = [];
  unexpected = [];
  inTest = true;
});

afterEach(() => {
  inTest = false;
  const problems = [
    ...unexpected.map((line) => `unexpected console.error: ${line.slice(0, 500)}`),
    ...expected.filter((e) => e.seen === 0).map((e) => `expected a console.error matching ${e.pattern}, none came`),
  ];
  expected = [];
  unexpected = [];
  if (problems.length) {
    throw new Error(`${problems.join("\n")}\n(declare an expected one with expectConsoleError(pattern) from #tests/api/console-guard)`);
  }
});
