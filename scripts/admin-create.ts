// `npm run admin:create -- --username X [--name N] [--journal <slug or domain>] [--remote] [--password-stdin]`
// Creates an admin, or resets an existing one's password (and re-enables it), for one journal.
// Locally it writes the same persisted state `npm start` serves (PERSIST_DIR); with --remote it runs one
// upsert through `wrangler d1 execute DB --remote`. The password is never printed or passed on a command line.
import { hashPassword } from "../worker/auth/password";
import { journalWhere, openStatementRunner, sqlString } from "./d1-statements";
import { flagsOf } from "./cli-flags";
import { upsertAdminSql } from "./admin-upsert-sql";
import { promptHidden, readStdin } from "./password-input";
import { MIN_PASSWORD_LENGTH } from "#contract/login";

const USAGE = `Usage: npm run admin:create -- --username <name> [options]

Creates an admin user, or resets the password of an existing one (and enables it).

  --username <u>     login name (letters, digits, . _ @ -; 2-64 characters)       required
  --name <text>      display name shown in the admin bar (default: the username)
  --journal <j>      journal slug or one of its domains (default: the default journal)
  --remote           write to the production D1 database through wrangler (needs wrangler login
                     or CLOUDFLARE_API_TOKEN); without it the local state is used (PERSIST_DIR)
  --password-stdin   read the password from standard input instead of prompting
  --help             show this text

The password must have at least ${MIN_PASSWORD_LENGTH} characters. It is never printed.`;

interface Options {
  username: string;
  name?: string;
  journal?: string;
  remote: boolean;
  passwordStdin: boolean;
}

function fail(message: string, code = 2): never {
  console.error(`admin:create: ${message}`);
  process.exit(code);
}

function parseArgs(argv: string[]): Options {
  const opts: Partial<Options> = { remote: false, passwordStdin: false };
  for (const { flag, arg, value } of flagsOf(argv, USAGE, fail, opts as { remote: boolean })) {
    switch (flag) {
      case "--username":
        opts.username = value();
        break;
      case "--name":
        opts.name = value();
        break;
      case "--journal":
        opts.journal = value();
        break;
      case "--password-stdin":
        opts.passwordStdin = true;
        break;
      // biome-ignore lint/suspicious/noFallthroughSwitchClause: fail() exits the process
      case "--password":
        fail("passwords are not accepted on the command line (they end up in shell history); use the prompt or --password-stdin");
      default:
        fail(`unknown argument ${arg}\n\n${USAGE}`);
    }
  }
  if (!opts.username) fail(`--username is required\n\n${USAGE}`);
  if (!/^[A-Za-z0-9._@-]{2,64}$/.test(opts.username)) fail("the username may only use letters, digits and . _ @ - (2 to 64 characters)");
  if (opts.name !== undefined && (opts.name.trim() === "" || opts.name.length > 100 || /[\u0000-\u001f]/.test(opts.name))) {
    fail("the name must be 1 to 100 printable characters");
  }
  if (opts.journal !== undefined && !/^[A-Za-z0-9.\-_]{1,253}$/.test(opts.journal)) fail("--journal takes a journal slug or a domain name");
  return opts as Options;
}

async function readPassword(opts: Options): Promise<string> {
  if (opts.passwordStdin) return readStdin();
  if (!process.stdin.isTTY) fail("no terminal to ask for the password: pipe it in with --password-stdin");
  const first = await promptHidden(`Password for "${opts.username}" (at least ${MIN_PASSWORD_LENGTH} characters): `);
  if ([...first].length < MIN_PASSWORD_LENGTH) return first;
  const second = await promptHidden("Repeat the password: ");
  if (first !== second) fail("the two passwords differ; nothing was changed", 1);
  return first;
}

const opts = parseArgs(process.argv.slice(2));
const password = await readPassword(opts);
if ([...password].length < MIN_PASSWORD_LENGTH)
  fail(`the password must have at least ${MIN_PASSWORD_LENGTH} characters; nothing was changed`, 1);
const passwordHash = await hashPassword(password);
const where = opts.journal ? `journal "${opts.journal}"` : "the default journal";

console.log(`Writing admin "${opts.username}" for ${where}${opts.remote ? " to the REMOTE database" : ""}...`);
const runner = await openStatementRunner(opts.remote, (m) => fail(m, 1));
try {
  // The journal and its database from the platform database; the account goes to the journal's (docs/decisions/0240).
  const [journal] = await runner.run([
    `SELECT j.id AS id, j.shard AS shard FROM journals j WHERE ${journalWhere(opts.journal)} ORDER BY j.id LIMIT 1`,
  ]);
  const shard = String(journal?.shard ?? "DB");
  if (journal)
    await runner.run([upsertAdminSql({ ...opts, journalId: Number(journal.id), passwordHash, now: new Date().toISOString() })], shard);
  // Check by reading back rather than trusting the statement's change count.
  const [row] = journal
    ? await runner.run(
        [
          `SELECT COUNT(*) AS n FROM admin_users WHERE username = ${sqlString(opts.username)} AND password_hash = ${sqlString(passwordHash)}`,
        ],
        shard,
      )
    : [];
  if (!row || Number(row.n) === 0) {
    fail(
      `no journal matches ${opts.journal ?? "(default)"} in the ${opts.remote ? "remote" : "local"} database${opts.remote ? "" : " (run npm start or npm run seed first)"}; nothing was changed`,
      1,
    );
  }
} finally {
  await runner.close();
}
console.log(`Admin "${opts.username}" is ready for ${where}${opts.remote ? " (remote)" : " (local)"}. Log in at /admin/login.`);
process.exit(0);
