// The pages people without accounts open from a signed link (review, tracking): small server-rendered HTML with the
// site's own styles only — no third-party resource, no script but the link exchange (/workflow-link.js) — so nothing
// on them can leak the link (Referrer-Policy: no-referrer as well). Every value passes through esc().
import { esc } from "#contract/html";
import { dirOf, type Language } from "#contract/i18n/languages";
import { formatDate, intlLocale } from "#contract/i18n/intl-format";
import type { Translator } from "#contract/i18n/messages";

export interface PageParts {
  /** The page's language (the visitor's among the journal's: worker/pages/page-language.ts visitorLanguage). */
  lang: Language;
  journalName: string;
  title: string;
  body: string;
  /** The link exchange script (only on the page that reads the token from the fragment). */
  exchange?: boolean;
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2433;background:#f4f6f9}
header{background:#123a63;color:#fff;padding:14px 20px}
header .j{font-weight:600;font-size:1.05rem}
main{max-width:820px;margin:0 auto;padding:20px 16px 48px}
h1{font-size:1.45rem;line-height:1.3;margin:.2em 0 .6em}
h2{font-size:1.1rem;margin:1.6em 0 .5em}
.card{background:#fff;border:1px solid #d9dee7;border-radius:8px;padding:16px 18px;margin:14px 0}
.card>h2:first-child,.card>h3:first-child{margin-top:0}
h3{font-size:1rem;margin:1.2em 0 .4em}
.meta{display:grid;grid-template-columns:max-content 1fr;gap:4px 14px;margin:0}
.meta dt{color:#5a6475}.meta dd{margin:0;overflow-wrap:anywhere}
.stage{display:inline-block;padding:2px 10px;border-radius:999px;background:#e3edf8;color:#123a63;font-weight:600;font-size:.9rem}
.btn{display:inline-block;font:inherit;font-weight:600;padding:10px 18px;border-radius:6px;border:1px solid #123a63;background:#123a63;color:#fff;text-decoration:none;cursor:pointer;min-height:44px}
.btn.secondary{background:#fff;color:#123a63}
.btn.danger{background:#fff;color:#a4262c;border-color:#a4262c}
.row{display:flex;flex-wrap:wrap;gap:10px;align-items:center}
label{display:block;font-weight:600;margin:14px 0 6px}
textarea,input[type=file]{width:100%;font:inherit}
textarea{min-height:160px;padding:10px;border:1px solid #b8c0cc;border-radius:6px}
fieldset{border:1px solid #d9dee7;border-radius:6px;padding:8px 14px;margin:14px 0}
fieldset label{display:flex;gap:8px;align-items:center;font-weight:400;margin:6px 0}
legend{font-weight:600;padding:0 4px}
.hint{color:#5a6475;font-size:.92rem;margin:4px 0}
.error{border:1px solid #a4262c;background:#fdf0f0;color:#7d1a1f;padding:10px 14px;border-radius:6px}
.ok{border:1px solid #1e6b35;background:#eef8f1;color:#174f28;padding:10px 14px;border-radius:6px}
pre.letter{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit;margin:0}
ol.timeline{list-style:none;padding:0;margin:0}
ol.timeline li{border-inline-start:3px solid #c6d3e3;padding-block:4px 10px;padding-inline-start:14px}
bdi,[dir=ltr]{unicode-bidi:isolate}
:focus-visible{outline:3px solid #e0a100;outline-offset:2px}
`;

export function linkPage(p: PageParts): string {
  return `<!doctype html>
<html lang="${p.lang}" dir="${dirOf(p.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex, nofollow"><link rel="icon" href="/favicon.svg">
<title>${esc(p.title)} — ${esc(p.journalName)}</title><style>${CSS}</style>
${p.exchange ? '<script src="/workflow-link.js" defer></script>' : ""}
</head><body><header><div class="j" dir="auto">${esc(p.journalName)}</div></header><main>${p.body}</main></body></html>`;
}

/** Reads the token from the fragment, trades it for a cookie (POST body: never logged, never in a Referer), reloads. */
export const EXCHANGE_SCRIPT = `(function(){
  var t = location.hash.slice(1);
  var box = document.getElementById("link-status");
  // The sentences come in the page's language from the page itself (data-* of the status line).
  function say(which){ if (box) box.textContent = box.getAttribute("data-" + which) || ""; }
  if (!t) { say("none"); return; }
  history.replaceState(null, "", location.pathname);
  var purpose = location.pathname.indexOf("/track") === 0 ? "track" : "review";
  fetch("/api/workflow/link", { method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ purpose: purpose, token: t }) })
    .then(function(r){ return r.json().then(function(b){ return { ok: r.ok, body: b }; }); })
    .then(function(res){
      if (res.ok) { location.replace(location.pathname); return; }
      var e = res.body && res.body.error;
      say(e === "link_expired" ? "expired" : e === "link_revoked" ? "revoked" : "invalid");
    })
    .catch(function(){ say("offline"); });
})();`;

export const exchangeBody = (what: string, t: Translator["t"]) => `<h1>${esc(what)}</h1>
<div class="card" role="status" aria-live="polite"><p id="link-status" data-none="${esc(t("link.noToken"))}" data-expired="${esc(
  linkProblem("expired", t),
)}" data-revoked="${esc(linkProblem("revoked", t))}" data-invalid="${esc(linkProblem("invalid", t))}" data-offline="${esc(
  t("link.offline"),
)}">${esc(t("link.opening"))}</p>
<noscript><p class="error">${esc(t("link.noscript"))}</p></noscript></div>`;

export const linkProblem = (reason: "invalid" | "expired" | "revoked", t: Translator["t"]) =>
  t(reason === "expired" ? "link.expired" : reason === "revoked" ? "link.revoked" : "link.invalid");

/** A day ("2026-11-29" or a timestamp) as the page's language writes it: "29 November 2026", "29 نوفمبر 2026". */
export const fmtDay = (lang: Language, iso: string | null) => (iso ? formatDate(lang, iso.slice(0, 10)) : "");

/** Days in a row ("3 May 2026, 9 June 2026"), joined the page's language's way. */
export const fmtDays = (lang: Language, isos: string[]) =>
  new Intl.ListFormat(intlLocale(lang), { type: "unit", style: "short" }).format(isos.map((iso) => fmtDay(lang, iso)));
