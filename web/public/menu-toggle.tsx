// The narrow screens' Menu button (issue #27 item 10). It is a link to the menu list (#site-menu): without
// JavaScript, following it makes the list the page's :target, which site.css shows; with JavaScript it is a
// disclosure button (aria-expanded) that opens and closes the list in place, by click, Enter or Space.
import type { KeyboardEvent, MouseEvent } from "react";
import { CloseIcon, MenuIcon } from "../components/icons";

/** The menu list's id: the link's target. */
export const MENU_ID = "site-menu";

export function MenuToggle({ open, onToggle, menuId, label }: { open: boolean; onToggle: () => void; menuId: string; label: string }) {
  const click = (e: MouseEvent) => {
    e.preventDefault();
    onToggle();
  };
  const key = (e: KeyboardEvent) => {
    // A link answers Enter by itself (a click); a button also answers Space.
    if (e.key === " ") {
      e.preventDefault();
      onToggle();
    }
  };
  return (
    <a
      href={`#${menuId}`}
      role="button"
      className="site-nav__toggle"
      aria-expanded={open}
      aria-controls={menuId}
      onClick={click}
      onKeyDown={key}
    >
      {open ? <CloseIcon /> : <MenuIcon />}
      {/* One text node with its space, as the markup had before the catalogs. */}
      {` ${label}`}
    </a>
  );
}
