// `npm run operator:create -- --username X [--name N] [--remote] [--password-stdin]`
// Creates a platform operator (docs/decisions/0160-operators.md), or resets an existing one's password (and
// re-enables it, ending its old sessions). Locally it writes the state `npm start` serves (PERSIST_DIR); with
// --remote it runs one upsert through `wrangler d1 execute DB --remote`. The password is never printed or passed on
// a command line. The console: http://platform.localhost:8787/ locally, or a host of PLATFORM_HOSTS.
import { hashPassword } from "../worker/auth/password";
import { openStatementRunner, sqlString } from "./d1-statements";
import { flagsOf } from "./cli-flags";
import { promptHidden, readStdin } from "./password-input";

const MIN_PASSWORD_LENGTH = 12;

const USAGE = `Usage: npm run operator:create -- --username <name> [options]

Creates a platform operator (who runs the console), or resets an existing operator's password (and enables it).

  --username <u>     login name (letters, digits, . _ @ -; 2-64 characters)       required
  --name <text>      display name (default: the username)
  --remote           write to the production D1 database through wrangler (needs wrangler login
                     or CLOUDFLARE_API_TOKEN); without it the local state is used (PERSIST_DIR)
  --password-stdin   read the password from standard input instead of prompting
  --help             show this text

The password must have at least ${MIN_PASSWORD_LENGTH} characters. It is never printed.`;

function fail(message: string, code = 2): never {
  console.error(`operator:create: ${message}`);
  process.exit(code);
}

const opts: { username?: string; name?: string; remote: boolean; passwordStdin: boolean } = { remote: false, passwordStdin: false };
for (const { flag, arg, value } of flagsOf(process.argv.slice(2), USAGE, fail, opts)) {
  if (flag === "--username") opts.username = value();
  else if (flag === "--name") opts.name = value();
  else if (flag === "--password-stdin") opts.passwordStdin = true;
  else if (flag === "--password") fail("passwords are not accepted on the command line; use the prompt or --password-stdin");
  else fail(`unknown argument ${arg}\n\n${USAGE}`);
}
const username = opts.username ?? fail(`--username is required\n\n${USAGE}`);
if (!/^[A-Za-z0-9._@-]{2,64}$/.test(username)) fail("the username may only use letters, digits and . _ @ - (2 to 64 characters)");
const name = opts.name ?? username;
if (name.trim() === "" || name.length > 100 || /[\u0000-\u001f]/.test(name)) fail("the name must be 1 to 100 printable characters");

async function readPassword(): Promise<string> {
  if (opts.passwordStdin) return readStdin();
  if (!process.stdin.isTTY) fail("no terminal to ask for the password: pipe it in with --password-stdin");
  const first = await promptHidden(`Password for operator "${username}" (at least ${MIN_PASSWORD_LENGTH} characters): `);
  if ([...first].length < MIN_PASSWORD_LENGTH) return first;
  const second = await promptHidden("Repeat the password: ");
  if (first !== second) fail("the two passwords differ; nothing was changed", 1);
  return first;
}

const password = await readPassword();
if ([...password].length < MIN_PASSWORD_LENGTH)
  fail(`the password must have at least ${MIN_PASSWORD_LENGTH} characters; nothing was changed`, 1);
const hash = await hashPassword(password);
const now = new Date().toISOString();
const upsert = `INSERT INTO operators (username, name, password_hash, status, session_version, created_at, updated_at)
  VALUES (${sqlString(username)}, ${sqlString(name)}, ${sqlString(hash)}, 'enabled', 0, ${sqlString(now)}, ${sqlString(now)})
  ON CONFLICT (username) DO UPDATE SET password_hash = excluded.password_hash, name = excluded.name, status = 'enabled',
    session_version = operators.session_version + 1, updated_at = excluded.updated_at`;

console.log(`Writing operator "${username}"${opts.remote ? " to the REMOTE database" : ""}...`);
const runner = await openStatementRunner(opts.remote, (m) => fail(m, 1));
try {
  await runner.run([upsert]);
  const [row] = await runner.run([
    `SELECT COUNT(*) AS n FROM operators WHERE username = ${sqlString(username)} AND password_hash = ${sqlString(hash)}`,
  ]);
  if (!row || Number(row.n) === 0) fail("the operator was not written; nothing was changed", 1);
} finally {
  await runner.close();
}
console.log(
  `Operator "${username}" is ready${opts.remote ? " (remote): sign in on a host of PLATFORM_HOSTS" : ` (local): sign in at http://platform.localhost:${process.env.PORT || 8787}/ (the port npm start serves on; PORT=${process.env.PORT || 8787})`}.`,
);
process.exit(0);
