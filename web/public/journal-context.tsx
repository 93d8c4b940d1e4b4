// The host's journal settings and header branch: the root route's loader data, read by the layout and every
// public page. They arrive with the first HTML (rendered in the Worker), so nothing waits for them.
import type { Settings } from "#contract/api";
import type { HeaderBranch } from "#contract/pages";
import { journalName } from "../lib/format";
import { useMaybePageData } from "../lib/page-data";

export type { HeaderBranch };

/** The settings (undefined only on the root error screen, which renders without the root's data). */
export function useSettings(): Settings | undefined {
  return useMaybePageData("root")?.settings;
}

export function useJournalName(): string {
  const s = useSettings();
  return s ? journalName(s) : "";
}

/** The header branch the Worker chose for this host (SPEC §1, §9). */
export function useHeaderBranch(): HeaderBranch {
  return useMaybePageData("root")?.headerBranch ?? "default";
}
