// A thin bar at the top of the window while the next page's data loads (client-side navigation keeps the
// current page on screen until then).
import { useNavigation } from "react-router";

export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  return <div className={`nav-progress${busy ? " is-busy" : ""}`} role="presentation" aria-hidden />;
}
