// Local drafts of the admin forms (docs/decisions/0145): what staff type is kept in this browser's localStorage
// while it differs from what the form started with, so a reload, a crash or a lost session never loses it. The
// draft is per journal (localStorage is per host), per account and per form (an edit's key carries the version it
// edits, so a draft never lands on a newer version); it is removed once the form is saved or matches again.
// Files (the PDF) cannot be kept: staff pick them again.
import { useEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import { readSession } from "../../lib/session";

const PREFIX = "journal-edge:draft:";
/** Drafts older than this are dropped when read: a month-old half-typed form is noise, not work. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

interface StoredDraft<V> {
  savedAt: string;
  values: V;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

const storageKey = (key: string) => `${PREFIX}${readSession()?.user.username ?? ""}:${key}`;

function readDraft<V>(key: string): StoredDraft<V> | null {
  const raw = storage()?.getItem(storageKey(key));
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as StoredDraft<V>;
    if (!draft || typeof draft.values !== "object" || Date.now() - Date.parse(draft.savedAt) > MAX_AGE_MS) return null;
    return draft;
  } catch {
    return null;
  }
}

function writeDraft<V>(key: string, values: V): void {
  try {
    storage()?.setItem(storageKey(key), JSON.stringify({ savedAt: new Date().toISOString(), values } satisfies StoredDraft<V>));
  } catch {
    // Storage full or disabled: the form still works, only without a draft.
  }
}

export function removeDraft(key: string): void {
  storage()?.removeItem(storageKey(key));
}

const sameValues = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/** The draft this form restored from (shown as a notice with a Discard button), or null. */
export interface RestoredDraft {
  savedAt: string;
}

/**
 * Keeps `values` as the draft `key` while they differ from `baseline`, and restores a stored draft once, on mount
 * (through `restore`). Answers whether the form holds unsaved changes and the restored draft's time.
 */
export function useDraft<V extends object>(
  key: string | undefined,
  values: V,
  baseline: V,
  restore: (values: V) => void,
): { dirty: boolean; restored: RestoredDraft | null; discard: () => void } {
  const [restored, setRestored] = useState<RestoredDraft | null>(null);
  const restoredOnce = useRef(false);
  // The render that restores a draft still holds the stored values: it must not remove the draft it restores.
  const restoring = useRef(false);
  const dirty = !sameValues(values, baseline);

  // biome-ignore lint/correctness/useExhaustiveDependencies: restored once per form key, on mount
  useEffect(() => {
    if (!key || restoredOnce.current) return;
    restoredOnce.current = true;
    const draft = readDraft<V>(key);
    if (!draft) return;
    const merged = { ...baseline, ...draft.values };
    if (sameValues(merged, baseline)) {
      removeDraft(key);
      return;
    }
    restoring.current = true;
    restore(merged);
    setRestored({ savedAt: draft.savedAt });
  }, [key]);

  useEffect(() => {
    if (!key || !restoredOnce.current) return;
    if (restoring.current) {
      restoring.current = false;
      return;
    }
    if (dirty) writeDraft(key, values);
    else removeDraft(key);
  }, [key, values, dirty]);

  return {
    dirty,
    restored,
    discard: () => {
      if (key) removeDraft(key);
      setRestored(null);
      restore(baseline);
    },
  };
}

export const LEAVE_QUESTION = "Leave this page? Your changes are not saved yet (a draft stays on this device).";

/**
 * While `dirty`, asks before the page is left: another admin page (react-router's blocker, with the browser's
 * confirm) or closing/reloading the tab (beforeunload, whose text the browser words itself).
 */
export function useLeaveGuard(dirty: boolean): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(LEAVE_QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
}
