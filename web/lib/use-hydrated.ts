// False while the server renders and while the browser hydrates the Worker's HTML, true once the page is interactive.
// Markup only needed without scripts (the citation styles' other texts, web/components/cite-article.tsx) is dropped
// once it is true. (Submit Online no longer waits for it: its form also posts without scripts, decision 0178.)
// useSyncExternalStore's server snapshot is what React hydrates against, so the first client render matches the
// Worker's markup and React re-renders with the client snapshot right after.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
