// False while the server renders and while the browser hydrates the Worker's HTML, true once the page is interactive.
// Markup only needed without scripts (the citation styles' other texts, web/components/cite-article.tsx) is dropped
// once it is true. (Submit Online no longer waits for it: its form also posts without scripts, decision 0178.)
// (An effect, not useSyncExternalStore's server snapshot: Preact's compat layer, which serves the React API here,
// has no server snapshot, and an effect runs only in the browser after hydration in every renderer.)
import { useEffect, useState } from "react";

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
