// After in-site navigation (issue #27 item 14) a screen-reader user hears nothing and keyboard focus stays on the
// link just followed, now possibly gone. Once the new page has rendered, this moves focus to its main heading
// (the page landmark when it has none) and says the new page's title in a polite live region, as a full page
// load would. The first render (the Worker's HTML) and changes of the #hash alone are left to the browser.
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";

/** The element to focus on a new page: its h1, else the main landmark (tabindex -1 makes both focusable). */
function pageStart(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>("#main h1");
  if (heading) {
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    return heading;
  }
  return document.getElementById("main");
}

export function PageAnnouncer() {
  const { pathname, search } = useLocation();
  const idle = useNavigation().state === "idle";
  const address = `${pathname}${search}`;
  const shown = useRef(address);
  const [message, setMessage] = useState("");

  useEffect(() => {
    if (!idle || shown.current === address) return;
    shown.current = address;
    // After the head sync (HeadSync's effect) has set the new title.
    const frame = requestAnimationFrame(() => {
      pageStart()?.focus({ preventScroll: true });
      setMessage(document.title);
    });
    return () => cancelAnimationFrame(frame);
  }, [address, idle]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="page-announcer">
      {message}
    </div>
  );
}
