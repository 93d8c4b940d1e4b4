// The root error screen (SPEC §8): any render error or unknown route below the root lands here.
import { Link, isRouteErrorResponse, useRouteError } from "react-router";
import { useEffect } from "react";
import { applyHead } from "./head-sync";
import { useT } from "../lib/i18n";

export function RootError() {
  const error = useRouteError();
  const t = useT();
  const oops = t("site.error.oops");
  const sorry = t("site.error.sorry");
  const sentence = `${oops} ${sorry}`;
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : "";
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
    // The error screen's head: the last page's title and citation tags would describe a page no longer shown.
    applyHead({ title: sentence, description: sentence, canonical: null, robots: "noindex", tags: "" });
  }, [error, sentence]);
  return (
    <div className="site">
      <div className="error-screen">
        <main id="main" className="error-screen__card">
          {/* One element, so the sentence reads exactly as SPEC §8 writes it. */}
          <h1 className="error-screen__title">
            <span className="error-screen__oops">{oops}</span>
            {` ${sorry}`}
          </h1>
          {detail && (
            <p className="error-screen__detail">
              <i>{detail}</i>
            </p>
          )}
          <p>
            <Link to="/" className="button" reloadDocument>
              {t("site.error.home")}
            </Link>
          </p>
        </main>
      </div>
    </div>
  );
}
