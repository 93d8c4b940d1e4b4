// A small ICU MessageFormat formatter (docs/decisions/0350): the subset the catalogs use — `{name}`, `{n, number}`,
// `{n, plural, =0 {…} one {…} other {… # …}}` (with `offset:`), `{n, selectordinal, …}`, `{key, select, …}` and
// ICU's apostrophe quoting. Plural categories are CLDR's, through Intl.PluralRules. Messages are parsed once.
import { intlLocale } from "./intl-format";
import type { Language } from "./languages";

export type MessageValue = string | number;
export type MessageValues = Readonly<Record<string, MessageValue>>;

type Branching = "plural" | "selectordinal" | "select";
export type MessagePart =
  | string
  | { arg: string; kind?: "number" }
  | { arg: string; kind: Branching; offset: number; options: Record<string, MessagePart[]> };

/** `#` inside a plural branch: the plural's number, less its offset. */
const HASH = "#";

export class MessageSyntaxError extends Error {}

export function parseMessage(source: string): MessagePart[] {
  let at = 0;
  const fail = (why: string): never => {
    throw new MessageSyntaxError(`${why} at ${at} in ${JSON.stringify(source)}`);
  };
  const skipSpace = () => {
    while (/\s/.test(source[at] ?? "")) at++;
  };
  const word = (): string => {
    skipSpace();
    const m = /^[^\s{},]+/.exec(source.slice(at));
    if (!m) fail("a name expected");
    at += m![0].length;
    skipSpace();
    return m![0];
  };
  const expect = (c: string) => {
    skipSpace();
    if (source[at] !== c) fail(`"${c}" expected`);
    at++;
  };

  function parts(inPlural: boolean, nested: boolean): MessagePart[] {
    const out: MessagePart[] = [];
    let text = "";
    const flush = () => {
      if (text) out.push(text);
      text = "";
    };
    while (at < source.length) {
      const c = source[at];
      if (c === "'") {
        const next = source[at + 1];
        if (next === "'") {
          text += "'";
          at += 2;
        } else if (next === "{" || next === "}" || (inPlural && next === HASH)) {
          // Quoted literal text up to the next lone apostrophe ('' inside stays one apostrophe).
          at++;
          while (at < source.length) {
            if (source[at] === "'" && source[at + 1] === "'") {
              text += "'";
              at += 2;
            } else if (source[at] === "'") {
              at++;
              break;
            } else text += source[at++];
          }
        } else {
          text += c;
          at++;
        }
      } else if (c === "{") {
        flush();
        out.push(argument(inPlural));
      } else if (c === "}") {
        if (!nested) fail("unmatched }");
        break;
      } else if (c === HASH && inPlural) {
        flush();
        out.push({ arg: HASH });
        at++;
      } else {
        text += c;
        at++;
      }
    }
    flush();
    return out;
  }

  function argument(inPlural: boolean): MessagePart {
    at++; // {
    const arg = word();
    if (source[at] === "}") {
      at++;
      return { arg };
    }
    expect(",");
    const kind = word();
    if (kind === "number" && source[at] === "}") {
      at++;
      return { arg, kind };
    }
    if (kind !== "plural" && kind !== "selectordinal" && kind !== "select") return fail(`unsupported argument type "${kind}"`);
    expect(",");
    skipSpace();
    let offset = 0;
    const off = /^offset:\s*(\d+)/.exec(source.slice(at));
    if (off && kind !== "select") {
      offset = Number(off[1]);
      at += off[0].length;
    }
    const options: Record<string, MessagePart[]> = {};
    for (;;) {
      skipSpace();
      if (source[at] === "}") {
        at++;
        break;
      }
      if (at >= source.length) fail("unclosed argument");
      const key = word();
      if (key in options) fail(`option "${key}" twice`);
      expect("{");
      options[key] = parts(inPlural || kind !== "select", true);
      expect("}");
    }
    if (!("other" in options)) fail(`"${arg}" has no "other" option`);
    return { arg, kind, offset, options };
  }

  const out = parts(false, false);
  if (at < source.length) fail("unexpected text");
  return out;
}

/** The argument names a message uses (not `#`), nested branches included: translations must use the same. */
export function argumentNames(parts: MessagePart[], into = new Set<string>()): Set<string> {
  for (const p of parts) {
    if (typeof p === "string" || p.arg === HASH) continue;
    into.add(p.arg);
    if ("options" in p) for (const branch of Object.values(p.options)) argumentNames(branch, into);
  }
  return into;
}

/** Every plural or selectordinal argument with its option keys (the catalog check compares them with CLDR's). */
export function pluralArguments(parts: MessagePart[], into: { kind: "plural" | "selectordinal"; keys: string[] }[] = []) {
  for (const p of parts) {
    if (typeof p === "string" || !("options" in p)) continue;
    if (p.kind !== "select") into.push({ kind: p.kind, keys: Object.keys(p.options) });
    for (const branch of Object.values(p.options)) pluralArguments(branch, into);
  }
  return into;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

const numberFormat = (lang: Language) => {
  let f = numberFormats.get(lang);
  if (!f) numberFormats.set(lang, (f = new Intl.NumberFormat(intlLocale(lang))));
  return f;
};
const pluralRule = (lang: Language, type: Intl.PluralRuleType) => {
  let r = pluralRules.get(lang + type);
  if (!r) pluralRules.set(lang + type, (r = new Intl.PluralRules(lang, { type })));
  return r;
};

export function formatParts(parts: MessagePart[], lang: Language, values: MessageValues = {}, hash = 0): string {
  let out = "";
  for (const p of parts) {
    if (typeof p === "string") out += p;
    else if (p.arg === HASH) out += numberFormat(lang).format(hash);
    else {
      const value = values[p.arg];
      if (value === undefined) out += `{${p.arg}}`;
      else if (!("options" in p)) out += p.kind === "number" ? numberFormat(lang).format(Number(value)) : String(value);
      else if (p.kind === "select") out += formatParts(p.options[String(value)] ?? p.options.other, lang, values, hash);
      else {
        const n = Number(value);
        const category = pluralRule(lang, p.kind === "plural" ? "cardinal" : "ordinal").select(n - p.offset);
        const branch = p.options[`=${n}`] ?? p.options[category] ?? p.options.other;
        out += formatParts(branch, lang, values, n - p.offset);
      }
    }
  }
  return out;
}

const parsedMessages = new Map<string, MessagePart[]>();

/** `source` (one catalog message) formatted in `lang`; each message is parsed once. */
export function formatMessage(source: string, lang: Language, values?: MessageValues): string {
  let parts = parsedMessages.get(source);
  if (!parts) parsedMessages.set(source, (parts = parseMessage(source)));
  return formatParts(parts, lang, values);
}
