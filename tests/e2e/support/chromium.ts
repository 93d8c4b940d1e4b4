// What the browser tier needs from the machine, checked before anything is built or started: Debian's Chromium
// (no tool here downloads its own browser) and the poppler and libxml2 programs a few specs read documents with.
// The documents tier checks its programs the same way (tests/tools/preflight.ts).
import { accessSync, constants } from "node:fs";
import { delimiter } from "node:path";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Programs some e2e specs run on what the server wrote, with the Debian package of each. */
const E2E_TOOLS: ReadonlyArray<{ command: string; debian: string }> = [
  { command: "pdftotext", debian: "poppler-utils" },
  { command: "pdfinfo", debian: "poppler-utils" },
  { command: "xmllint", debian: "libxml2-utils" },
];

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};
const onPath = (command: string) => (process.env.PATH ?? "").split(delimiter).some((dir) => executable(`${dir || "."}/${command}`));

/** Stops the run with the install line when Chromium or a program the specs run is missing. */
export function browserTierPreflight(): void {
  const missing: string[] = [];
  const packages = new Set<string>();
  if (!executable(CHROMIUM_PATH)) {
    missing.push(`  ${CHROMIUM_PATH} (Debian package chromium; or set CHROMIUM_PATH to another Chromium)`);
    packages.add("chromium");
  }
  for (const tool of E2E_TOOLS.filter((t) => !onPath(t.command))) {
    missing.push(`  ${tool.command.padEnd(10)} (Debian package ${tool.debian})`);
    packages.add(tool.debian);
  }
  if (missing.length === 0) return;
  const lines = [
    "npm run test:e2e needs what is not on this machine:",
    ...missing,
    "Install on Debian or Ubuntu with:",
    `  sudo apt-get install -y --no-install-recommends ${[...packages].join(" ")}`,
    "(npm test needs none of them; nothing was built or started.)",
  ];
  // A plain message and exit 1 before the build: a thrown error's stack would bury the install line.
  process.stderr.write(`\n${lines.join("\n")}\n\n`);
  process.exit(1);
}
