// The pages people without accounts open from a signed link (review, tracking): small server-rendered HTML with the
// site's own styles only — no third-party resource, no script but the link exchange (/workflow-link.js) — so nothing
// on them can leak the link (Referrer-Policy: no-referrer as well). Every value passes through esc().
import { esc } from "#contract/html";

export interface PageParts {
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
ol.timeline li{border-left:3px solid #c6d3e3;padding:4px 0 10px 14px}
:focus-visible{outline:3px solid #e0a100;outline-offset:2px}
`;

export function linkPage(p: PageParts): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex, nofollow"><link rel="icon" href="/favicon.svg">
<title>${esc(p.title)} — ${esc(p.journalName)}</title><style>${CSS}</style>
${p.exchange ? '<script src="/workflow-link.js" defer></script>' : ""}
</head><body><header><div class="j">${esc(p.journalName)}</div></header><main>${p.body}</main></body></html>`;
}

/** Reads the token from the fragment, trades it for a cookie (POST body: never logged, never in a Referer), reloads. */
export const EXCHANGE_SCRIPT = `(function(){
  var t = location.hash.slice(1);
  var box = document.getElementById("link-status");
  function say(msg){ if (box) box.textContent = msg; }
  if (!t) { say("This page opens from the link in your e-mail. Please use that link."); return; }
  history.replaceState(null, "", location.pathname);
  var purpose = location.pathname.indexOf("/track") === 0 ? "track" : "review";
  fetch("/api/workflow/link", { method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ purpose: purpose, token: t }) })
    .then(function(r){ return r.json().then(function(b){ return { ok: r.ok, body: b }; }); })
    .then(function(res){
      if (res.ok) { location.replace(location.pathname); return; }
      var e = res.body && res.body.error;
      say(e === "link_expired" ? "This link has expired. Please write to the editorial office for a new one." : e === "link_revoked" ? "This link has been withdrawn by the editorial office." : "This link is not valid. Please check that you copied the whole link from your e-mail.");
    })
    .catch(function(){ say("The page could not be opened. Please check your connection and try again."); });
})();`;

export const exchangeBody = (what: string) => `<h1>${esc(what)}</h1>
<div class="card" role="status" aria-live="polite"><p id="link-status">Opening your page…</p>
<noscript><p class="error">Please allow JavaScript for this site: the page opens from the secure link in your e-mail.</p></noscript></div>`;

export const linkProblem = (reason: "invalid" | "expired" | "revoked") =>
  reason === "expired"
    ? "This link has expired. Please write to the editorial office for a new one."
    : reason === "revoked"
      ? "This link has been withdrawn by the editorial office."
      : "This link is not valid. Please check that you copied the whole link from your e-mail.";

export const fmtDay = (iso: string | null) => (iso ? iso.slice(0, 10) : "");
