// The "Search articles" box of the public sidebar and of the admin top bar: it sends the reader to
// `searchPath?q=…`, and while that page is open it shows the page's query (back/forward and the page's own form
// change it). Without JavaScript it is a plain GET form.
import { useState, type FormEvent, type ReactNode } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useT } from "../lib/i18n";

export function SearchForm(props: {
  searchPath: string;
  inputId: string;
  className: string;
  buttonClassName?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const t = useT();
  const location = useLocation();
  const [params] = useSearchParams();
  const current = location.pathname.replace(/\/+$/, "") === props.searchPath ? (params.get("q") ?? "") : "";
  const [q, setQ] = useState(current);
  const [lastCurrent, setLastCurrent] = useState(current);
  if (current !== lastCurrent) {
    setLastCurrent(current);
    setQ(current);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(`${props.searchPath}?q=${encodeURIComponent(q.trim())}`);
  };
  return (
    <form
      role="search"
      className={props.className}
      action={props.searchPath}
      method="get"
      onSubmit={submit}
      aria-label={t("site.search.label")}
    >
      <label htmlFor={props.inputId} className="visually-hidden">
        {t("site.search.label")}
      </label>
      <input
        id={props.inputId}
        name="q"
        type="search"
        placeholder={t("site.search.placeholder")}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        autoComplete="off"
      />
      <button type="submit" className={props.buttonClassName} aria-label={t("site.search.submit")}>
        {props.children}
      </button>
    </form>
  );
}
