// The platform console's entry (platform.html, a Vite entry of its own: the public pages' JavaScript does not
// carry it). Hash routes: #/ journals, #/journals/{id}, #/settings, #/audit, #/account.
import "#contract/zod-config"; // first: Zod parses here and must never probe for eval under our CSP (issue 25 item 9)
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { consoleApi, operatorToken } from "./console-api";
import { LoginForm } from "./login-form";
import { JournalsPage } from "./journals-page";
import { JournalPage } from "./journal-page";
import { SettingsPage } from "./settings-page";
import { AuditPage } from "./audit-page";
import { AccountPage } from "./account-page";
import "./console.css";
import { apiCall } from "#contract/routes/endpoint";
import { platformApi } from "#contract/routes/platform";

function useHash(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    addEventListener("hashchange", on);
    return () => removeEventListener("hashchange", on);
  }, []);
  return hash;
}

function Screen({ hash, operator }: { hash: string; operator: string }) {
  const journal = /^#\/journals\/(\d+)$/.exec(hash);
  if (journal) return <JournalPage id={Number(journal[1])} />;
  if (hash === "#/settings") return <SettingsPage />;
  if (hash === "#/audit") return <AuditPage />;
  if (hash === "#/account") return <AccountPage username={operator} />;
  return <JournalsPage />;
}

function Console() {
  const [signedIn, setSignedIn] = useState(Boolean(operatorToken.get()));
  const [operator, setOperator] = useState("");
  const hash = useHash();
  useEffect(() => {
    if (!signedIn) return;
    consoleApi<{ operator: { username: string } }>(apiCall(platformApi.verifyToken))
      .then((r) => setOperator(r.operator.username))
      .catch(() => {
        operatorToken.clear();
        setSignedIn(false);
      });
  }, [signedIn]);
  if (!signedIn) return <LoginForm onLogin={() => setSignedIn(true)} />;
  return (
    <>
      <header className="console-bar">
        <strong>Platform console</strong>
        <nav aria-label="Console">
          <a href="#/">Journals</a>
          <a href="#/settings">Settings</a>
          <a href="#/audit">Audit trail</a>
        </nav>
        <a className="console-user" href="#/account" title="Your account">
          {operator}
        </a>
        <button
          type="button"
          onClick={async () => {
            await consoleApi(apiCall(platformApi.logout)).catch(() => {});
            operatorToken.clear();
            setSignedIn(false);
          }}
        >
          Sign out
        </button>
      </header>
      <main className="console-main">
        <Screen hash={hash} operator={operator} />
      </main>
    </>
  );
}

createRoot(document.getElementById("console")!).render(<Console />);
