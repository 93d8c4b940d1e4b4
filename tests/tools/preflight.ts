// Vitest global setup of `npm run test:documents` (runs in Node before workerd starts): the document and scholarly
// checks run outside programs (tests/file-checkers.ts). Say which are missing and how to install them, before any
// test runs, instead of letting a test fail on "command not found".
import { CHECKER_TOOLS, missingCheckerTools } from "../file-checkers";

export default function toolsPreflight(): void {
  const missing = missingCheckerTools();
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((t) => t.debian))];
  const lines = [
    `npm run test:documents needs ${missing.length} program${missing.length > 1 ? "s" : ""} not found on PATH:`,
    ...missing.map((t) => `  ${t.command.padEnd(10)} (Debian package ${t.debian}): reads ${t.reads}`),
    "Install on Debian or Ubuntu with:",
    `  sudo apt-get install -y --no-install-recommends ${packages.join(" ")}`,
    `(${CHECKER_TOOLS.length} programs in all; npm test needs none of them.)`,
  ];
  // A plain message and exit 1, before workerd starts: the stack of a thrown error would bury the install line.
  process.stderr.write(`\n${lines.join("\n")}\n\n`);
  process.exit(1);
}
