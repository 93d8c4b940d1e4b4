// False while the server renders and while the browser hydrates the Worker's HTML, true once the page is interactive.
// A form whose submit needs JavaScript (Submit Online uploads through the API) keeps its button disabled until then,
// so a click that lands before hydration never falls through to a native form submission.
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
