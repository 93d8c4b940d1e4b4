// False while the server renders and while React hydrates the Worker's HTML, true once the page is interactive.
// A form whose submit needs JavaScript (Submit Online uploads through the API) keeps its button disabled until then,
// so a click that lands before hydration never falls through to a native form submission.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
