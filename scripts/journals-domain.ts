// `npm run journals:domain -- --journal <slug or host> (--list | --add <host> [--primary] | --primary <host> |
// --remove <host>) [--remote]`: the operator's tool for host routing (docs/decisions/0060-host-assignment.md).
// Journal staff can only choose their Domain among the hosts assigned here; they never create or move a host.
import { DOMAIN_PATTERN, typedHost } from "#contract/host";
import { journalWhere, openStatementRunner, sqlString } from "./d1-statements";
import { flagsOf } from "./cli-flags";

const USAGE = `Usage: npm run journals:domain -- --journal <slug or host> <action> [--remote]

Assigns the host names a journal answers on (rows of journal_domains).

  --journal <j>      journal slug or one of its hosts (default: the default journal)
  --list             show the journal's hosts (the primary one is its Domain setting)
  --add <host>       assign a host to the journal (refused when another journal has it)
  --primary <host>   make one of the journal's hosts its primary host and its Domain setting
                     (with --add: assign and make primary in one step)
  --remove <host>    unassign a host (never the primary one: choose another primary first)
  --remote           change the production D1 database through wrangler; without it the local
                     state that npm start serves is used (PERSIST_DIR)
  --help             show this text`;

function fail(message: string, code = 2): never {
  console.error(`journals:domain: ${message}`);
  process.exit(code);
}

interface Options {
  journal?: string;
  list: boolean;
  add?: string;
  primary?: string;
  remove?: string;
  remote: boolean;
}

/** "https://WWW.Example.org/" -> "www.example.org", or a usage error. */
function hostArg(flag: string, raw: string): string {
  const host = typedHost(raw);
  if (!DOMAIN_PATTERN.test(host)) fail(`${flag} takes a host name such as journal.example.org (no port, no path)`);
  return host;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { list: false, remote: false };
  for (const { flag, arg, value, hasValue } of flagsOf(argv, USAGE, fail, opts as { remote: boolean })) {
    switch (flag) {
      case "--journal":
        opts.journal = value();
        if (!/^[A-Za-z0-9.\-_]{1,253}$/.test(opts.journal)) fail("--journal takes a journal slug or a host name");
        break;
      case "--list":
        opts.list = true;
        break;
      case "--add":
        opts.add = hostArg(flag, value());
        break;
      case "--primary":
        // "--add X --primary" makes the added host primary; "--primary X" names an assigned host.
        opts.primary = hasValue() ? hostArg(flag, value()) : "";
        break;
      case "--remove":
        opts.remove = hostArg(flag, value());
        break;
      default:
        fail(`unknown argument ${arg}\n\n${USAGE}`);
    }
  }
  if (opts.primary === "") {
    if (!opts.add) fail(`--primary needs a host (or follows --add <host>)\n\n${USAGE}`);
    opts.primary = opts.add;
  }
  const actions = [opts.list, opts.add !== undefined || opts.primary !== undefined, opts.remove !== undefined].filter(Boolean).length;
  if (actions !== 1) fail(`choose one action: --list, --add, --primary or --remove\n\n${USAGE}`);
  return opts;
}

const opts = parseArgs(process.argv.slice(2));
const journalId = `(SELECT j.id FROM journals j WHERE ${journalWhere(opts.journal)} ORDER BY j.id LIMIT 1)`;
const which = opts.journal ? `journal "${opts.journal}"` : "the default journal";
const where = opts.remote ? "remote" : "local";
const runner = await openStatementRunner(opts.remote, (m) => fail(m, 1));

const listHosts = () =>
  runner.run([
    `SELECT d.domain AS domain, d.is_primary AS is_primary, j.slug AS slug, j.domain AS setting FROM journal_domains d JOIN journals j ON j.id = d.journal_id WHERE d.journal_id = ${journalId} ORDER BY d.is_primary DESC, d.domain`,
  ]);
const ownerOf = async (host: string) =>
  (
    await runner.run([
      `SELECT j.slug AS slug, j.id = ${journalId} AS mine FROM journal_domains d JOIN journals j ON j.id = d.journal_id WHERE d.domain = ${sqlString(host)}`,
    ])
  )[0];

try {
  const [journal] = await runner.run([`SELECT id, slug FROM journals WHERE id = ${journalId}`]);
  if (!journal) fail(`no journal matches ${opts.journal ?? "(default)"} in the ${where} database`, 1);

  if (opts.add) {
    const owner = await ownerOf(opts.add);
    if (owner && !owner.mine) fail(`${opts.add} already belongs to journal "${owner.slug}"; remove it there first`, 1);
    if (!owner) {
      await runner.run([
        `INSERT INTO journal_domains (domain, journal_id, is_primary) VALUES (${sqlString(opts.add)}, ${journalId}, 0) ON CONFLICT (domain) DO NOTHING`,
      ]);
      const now = await ownerOf(opts.add);
      if (!now?.mine) fail(`${opts.add} was taken by journal "${now?.slug}" at the same moment; nothing was changed`, 1);
      console.log(`Assigned ${opts.add} to ${which} (${where}).`);
    }
  }
  if (opts.primary) {
    const owner = await ownerOf(opts.primary);
    if (!owner?.mine) fail(`${opts.primary} is not one of the hosts of ${which}; add it first with --add`, 1);
    // One batch: the primary flag and the Domain setting move together.
    await runner.run([
      `UPDATE journal_domains SET is_primary = (domain = ${sqlString(opts.primary)}) WHERE journal_id = ${journalId}`,
      `UPDATE journals SET domain = ${sqlString(opts.primary)}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ${journalId}`,
    ]);
    console.log(`${opts.primary} is now the primary host and Domain of ${which} (${where}).`);
  }
  if (opts.remove) {
    const owner = await ownerOf(opts.remove);
    if (!owner?.mine) fail(`${opts.remove} is not one of the hosts of ${which}`, 1);
    const [row] = await runner.run([`SELECT domain FROM journals WHERE id = ${journalId}`]);
    if (row?.domain === opts.remove) fail(`${opts.remove} is the journal's Domain; make another host primary first (--primary <host>)`, 1);
    await runner.run([`DELETE FROM journal_domains WHERE domain = ${sqlString(opts.remove)} AND journal_id = ${journalId}`]);
    console.log(`Removed ${opts.remove} from ${which} (${where}); requests for it now go to the default journal.`);
  }
  const hosts = await listHosts();
  console.log(`Hosts of journal "${journal.slug}" (${where}):`);
  for (const h of hosts) console.log(`  ${h.domain}${Number(h.is_primary) ? "  (primary, the Domain setting)" : ""}`);
  if (hosts.length === 0) console.log("  (none: the journal answers only as the default journal, if it is the default)");
} finally {
  await runner.close();
}
process.exit(0);
