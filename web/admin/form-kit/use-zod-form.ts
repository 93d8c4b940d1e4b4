// The state every admin form keeps: its values, whether a save was tried, the fields it refuses (required ones
// left empty, then the shared zod schema's problems, then the server's), busy while sending, done once the form
// became read-only, and a flash message. `submit` runs the checks in that order and sends only when all pass.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { errorCode } from "../admin-api";
import type { FlashMessage } from "../admin-ui";
import { useDraft, useLeaveGuard } from "./use-draft";

/** A form's values: text by field name (files and other state stay in the page). */
type Values<V> = { [K in keyof V]: string };

export interface ZodFormOptions<V extends Values<V>, N extends string> {
  initial: V | (() => V);
  /** The schema the server runs on the same input; `input` maps the values to what it checks. */
  schema?: z.ZodType;
  input?: (values: V) => unknown;
  /** Fields that must not be empty (checked first; nothing is sent while one is). */
  required?: readonly N[];
  /** Whether a required field counts as empty (default: only white space). */
  isEmpty?: (name: N, values: V) => boolean;
  /** Missing fields say "<label> is required."; without a label they only turn red. */
  labels?: Partial<Record<N, string>>;
  /** Form order: problems are listed and focused in this order. */
  order?: readonly N[];
  /** The text beside a field the schema refused (its issue's message is the API error code). */
  problemText?: (name: N, issue: z.core.$ZodIssue) => string;
  /** Moves focus to a field (default: the element with its id). */
  focus?: (name: N, id: string) => void;
  flash?: FlashMessage | null;
  /**
   * Keeps what is typed as a local draft under this key (use-draft.ts) and asks before leaving while it is not
   * saved. Leave it out for forms whose values must not be kept (the login's password).
   */
  draft?: string;
}

/** What a control needs from the form (TextField and SelectField take it as `field`). */
export interface FieldBinding {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  invalid: boolean;
  readOnly: boolean;
}

export interface Refusal<N extends string> {
  missing: N[];
  problems: ReadonlyMap<N, string>;
  /** The field to focus: the first missing one, else the first with a problem. */
  first: N;
}

export interface SubmitHandlers<N extends string> {
  /** Sends the checked input (the schema's output, else the values). */
  send: (input: unknown) => Promise<void>;
  /** Refused before sending (default: focus the first field at fault). */
  onInvalid?: (refusal: Refusal<N>) => void;
  /** The send failed (an aborted one is ignored); `code` is the server's error code. */
  onError?: (error: unknown, code: string) => void;
}

export function useZodForm<V extends Values<V>, N extends string = keyof V & string>(options: ZodFormOptions<V, N>) {
  const prefix = useId();
  const [initialValues] = useState<V>(options.initial);
  const [values, setValues] = useState<V>(initialValues);
  // What the form holds on the server: the initial values, then those after each successful save.
  const [baseline, setBaseline] = useState<V>(initialValues);
  const [saves, setSaves] = useState(0);
  const savedNow = useRef(false);
  const [tried, setTried] = useState(false);
  const [problems, setProblems] = useState<ReadonlyMap<N, string>>(() => new Map());
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [flash, setFlash] = useState<FlashMessage | null>(options.flash ?? null);

  // After a save, the values it left on the form (the stored record, or those sent) are the new baseline.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per successful save
  useEffect(() => {
    if (!savedNow.current) return;
    savedNow.current = false;
    setBaseline(values);
  }, [saves]);
  const draft = useDraft(options.draft, values, baseline, setValues);
  const unsaved = !!options.draft && draft.dirty && !done;
  useLeaveGuard(unsaved);

  const order = options.order ?? (Object.keys(values) as N[]);
  const text = (v: V, name: N): string => (v as Record<string, string>)[name] ?? "";
  const rank = (name: N) => (order.includes(name) ? order.indexOf(name) : order.length);
  const isEmpty = (name: N, v: V) => (options.isEmpty ? options.isEmpty(name, v) : !text(v, name).trim());
  const missingOf = (v: V) => [...(options.required ?? [])].filter((name) => isEmpty(name, v)).sort((a, b) => rank(a) - rank(b));
  const missing = new Set<N>(tried ? missingOf(values) : []);

  const id = (name: N) => `${prefix}-${name}`;
  const invalid = (name: N) => missing.has(name) || problems.has(name);
  const error = (name: N): string | null => {
    if (missing.has(name)) return options.labels?.[name] ? `${options.labels[name]} is required.` : null;
    return problems.get(name) || null;
  };
  const focus = (name: N) => (options.focus ? options.focus(name, id(name)) : document.getElementById(id(name))?.focus());

  /** Forgets a field's problem (it changed). */
  function clear(name: N) {
    if (problems.has(name)) setProblems((current) => new Map([...current].filter(([key]) => key !== name)));
  }

  function set(name: N, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
    clear(name);
  }

  /** Marks a field as refused (by the server), with a text beside it or ("") only red, and focuses it. */
  function refuse(name: N, text = "") {
    setProblems(new Map([[name, text]]));
    focus(name);
  }

  function schemaProblems(v: V): { problems: Map<N, string>; output: unknown } {
    const found = new Map<N, string>();
    const input = options.input ? options.input(v) : v;
    if (!options.schema) return { problems: found, output: input };
    const result = options.schema.safeParse(input);
    if (result.success) return { problems: found, output: result.data };
    const issues = [...result.error.issues].sort((a, b) => rank(a.path[0] as N) - rank(b.path[0] as N));
    for (const issue of issues) {
      const name = issue.path[0] as N | undefined;
      if (name === undefined || found.has(name)) continue;
      found.set(name, options.problemText ? options.problemText(name, issue) : "Check this value.");
    }
    return { problems: found, output: input };
  }

  /** Checks, then sends; answers whether it sent. Nothing happens while busy or done. */
  async function submit(event: FormEvent | null, handlers: SubmitHandlers<N>): Promise<boolean> {
    event?.preventDefault();
    if (busy || done) return false;
    setTried(true);
    const onInvalid = handlers.onInvalid ?? ((refusal: Refusal<N>) => focus(refusal.first));
    const empty = missingOf(values);
    if (empty.length > 0) {
      onInvalid({ missing: empty, problems, first: empty[0]! });
      return false;
    }
    const checked = schemaProblems(values);
    setProblems(checked.problems);
    if (checked.problems.size > 0) {
      onInvalid({ missing: [], problems: checked.problems, first: [...checked.problems.keys()][0]! });
      return false;
    }
    setBusy(true);
    setFlash(null);
    try {
      await handlers.send(checked.output);
      savedNow.current = true;
      setSaves((n) => n + 1);
    } catch (failure) {
      const code = errorCode(failure);
      if (code !== "aborted") handlers.onError?.(failure, code);
    } finally {
      setBusy(false);
    }
    return true;
  }

  /** Props for one control. */
  function field(name: N): FieldBinding {
    return {
      id: id(name),
      name,
      value: text(values, name),
      onChange: (value) => set(name, value),
      error: error(name),
      invalid: invalid(name),
      readOnly: done,
    };
  }

  return {
    values,
    /** Replaces all values (after a save answers the stored record). */
    setValues,
    set,
    clear,
    field,
    /** The form's unique id prefix (for section headings and other ids). */
    idPrefix: prefix,
    id,
    error,
    invalid,
    focus,
    refuse,
    tried,
    setTried,
    missing,
    busy,
    done,
    setDone,
    flash,
    setFlash,
    submit,
    /** Whether the form holds changes not saved yet (only for forms with a draft key). */
    unsaved,
    /** The local draft restored on opening (with its time), and how to throw it away. */
    draft: { restored: draft.restored, discard: draft.discard },
  };
}

export type ZodForm<V extends Values<V>, N extends string = keyof V & string> = ReturnType<typeof useZodForm<V, N>>;
