// The host's journal settings, loaded once per page load and shared by the layout and every public page.
import { createContext, useContext, useEffect, type ReactNode } from "react";
import type { Settings } from "../../worker/schemas/api";
import { useApi } from "../lib/api";
import { journalName } from "../lib/format";

const SettingsContext = createContext<Settings | undefined>(undefined);

export function JournalProvider({ children }: { children: ReactNode }) {
  const { data } = useApi<Settings>("/api/settings/");
  return <SettingsContext.Provider value={data}>{children}</SettingsContext.Provider>;
}

/** The settings, or undefined while they load. */
export function useSettings(): Settings | undefined {
  return useContext(SettingsContext);
}

export function useJournalName(): string {
  const s = useSettings();
  return s ? journalName(s) : "";
}

/** Sets document.title the way the Worker writes it in the first HTML: "<page> | <journal>". */
export function usePageTitle(title: string | null | undefined): void {
  const name = useJournalName();
  useEffect(() => {
    if (!name || title === undefined) return;
    document.title = title ? `${title} | ${name}` : name;
  }, [title, name]);
}

export type HeaderBranch = "alt" | "default";

/** The header branch the Worker chose for this host and wrote into <html data-header>. */
export function headerBranch(): HeaderBranch {
  return typeof document !== "undefined" && document.documentElement.dataset.header === "alt" ? "alt" : "default";
}
