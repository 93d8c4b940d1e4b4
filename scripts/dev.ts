// `npm run dev`: Vite's dev server with hot reload (Worker included) on the same local state as `npm start`.
// On a fresh clone it first writes .dev.vars, applies the migrations and seeds the demo journals, so the
// dev server never answers "no such table". Extra arguments go to `vite dev` (e.g. `npm run dev -- --port 5199`).
import { exitWithChildren, persistDir, startTool, stopping, type LocalPlatform } from "./local-state";
import { ensureDevVars, prepareLocalData } from "./local-setup";

const step = (msg: string) => console.log(`\x1b[36m▸\x1b[0m ${msg}`);
let platform: LocalPlatform | undefined;
exitWithChildren(() => platform?.dispose());

ensureDevVars(step);
await prepareLocalData(persistDir(), step, (p) => (platform = p));
const vite = startTool("vite", ["dev", ...process.argv.slice(2)]);
vite.once("exit", (code) => {
  if (!stopping) process.exit(code ?? 1);
});
