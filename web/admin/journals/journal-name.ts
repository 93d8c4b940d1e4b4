// Which journal this admin is in (issue 26 item 7): its name, read once per page load from the public settings,
// for the top bar and the tab titles (staff of several journals keep several tabs open).
import { useSyncExternalStore } from "react";
import { apiPath } from "#contract/routes/endpoint";
import { settingsApi } from "#contract/routes/journals";

let name = "";
let language = "";
let requested = false;
const listeners = new Set<() => void>();

function load(): void {
  if (requested || typeof window === "undefined") return;
  requested = true;
  fetch(apiPath(settingsApi.read), { headers: { Accept: "application/json" }, credentials: "same-origin" })
    .then((r) => (r.ok ? r.json() : null))
    .then((settings: { websitename?: unknown; language?: unknown } | null) => {
      name = typeof settings?.websitename === "string" ? settings.websitename.trim() : "";
      language = typeof settings?.language === "string" ? settings.language : "";
      for (const listener of listeners) listener();
    })
    .catch((error: unknown) => console.warn("Could not read the journal's name", error));
}

function subscribe(listener: () => void): () => void {
  load();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The journal's name ("" until read). */
export function useJournalName(): string {
  return useSyncExternalStore(
    subscribe,
    () => name,
    () => "",
  );
}

/** The journal's language ("" until read): an article's main language when it names none. */
export function useJournalLanguage(): string {
  return useSyncExternalStore(
    subscribe,
    () => language,
    () => "",
  );
}
