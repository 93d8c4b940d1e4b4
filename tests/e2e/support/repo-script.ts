// Runs one of the repo's scripts (scripts/<name>.ts) with tsx — Node 22 from node_modules, as the npm scripts do —
// against a local state (PERSIST_DIR), with `stdin` written to it; resolves with its output, rejects with its output.
import { execFile } from "node:child_process";
import path from "node:path";
import { repoRoot, toolEnv } from "../../../scripts/local-state";

export function repoScript(name: string, args: string[], persist: string, stdin = ""): Promise<string> {
  const { NODE_ENV: _n, ...env } = toolEnv({ PERSIST_DIR: persist });
  return new Promise((resolve, reject) => {
    const child = execFile(
      path.join(repoRoot, "node_modules/.bin/tsx"),
      [path.join(repoRoot, `scripts/${name}.ts`), ...args],
      { cwd: repoRoot, env, timeout: 240_000 },
      (err, stdout, stderr) => (err ? reject(new Error(`${name}: ${err.message}\n${stdout}\n${stderr}`)) : resolve(stdout)),
    );
    child.stdin!.end(stdin);
  });
}
