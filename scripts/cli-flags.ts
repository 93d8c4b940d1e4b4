// Command-line flags of the operator commands: "--flag value", "--flag=value" and bare "--flag". The flags every
// command shares are handled here: --help prints the usage, --remote/--local choose the database.

export interface Flag {
  /** "--journal" (without any "=value"). */
  flag: string;
  /** The argument as typed. */
  arg: string;
  /** The flag's value (inline or the next argument); a usage error when there is none. */
  value(): string;
  /** Whether a value follows (inline, or a next argument that is not itself a flag). */
  hasValue(): boolean;
}

export function* flagsOf(argv: string[], usage: string, fail: (message: string) => never, target: { remote: boolean }): Generator<Flag> {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const [flag, inline] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    if (flag === "--help" || flag === "-h") {
      console.log(usage);
      process.exit(0);
    }
    if (flag === "--remote" || flag === "--local") {
      target.remote = flag === "--remote";
      continue;
    }
    const nextIsValue = () => argv[i + 1] !== undefined && !argv[i + 1].startsWith("--");
    yield {
      flag,
      arg,
      hasValue: () => inline !== undefined || nextIsValue(),
      value: () => {
        if (inline !== undefined) return inline;
        if (!nextIsValue()) fail(`${flag} needs a value\n\n${usage}`);
        return argv[++i];
      },
    };
  }
}
