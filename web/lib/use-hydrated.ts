// False while the server renders and while the browser hydrates the Worker's HTML, true once the page is interactive.
// A form whose submit needs JavaScript (Submit Online uploads through the API) keeps its button disabled until then,
// so a click that lands before hydration never falls through to a native form submission.
// (An effect, not useSyncExternalStore's server snapshot: Preact's compat layer, which serves the React API here,
// has no server snapshot, and an effect runs only in the browser after hydration in every renderer.)
import { useEffect, useState } from "react";

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
