// The root error screen (SPEC §8): any render error or unknown route below the root lands here.
import { Link, isRouteErrorResponse, useRouteError } from "react-router";
import { useEffect } from "react";
import { applyHead } from "./head-sync";

const ERROR_SENTENCE = "Oops! Sorry, an unexpected error has occurred.";

/** The error screen's head: the last page's title and citation tags would describe a page no longer shown. */
const errorHead = { title: ERROR_SENTENCE, description: ERROR_SENTENCE, canonical: null, robots: "noindex", tags: "" };

export function RootError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : "";
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
    applyHead(errorHead);
  }, [error]);
  return (
    <div className="site">
      <div className="error-screen">
        <main id="main" className="error-screen__card">
          {/* One element, so the sentence reads exactly as SPEC §8 writes it. */}
          <h1 className="error-screen__title">
            <span className="error-screen__oops">Oops!</span> Sorry, an unexpected error has occurred.
          </h1>
          {detail && (
            <p className="error-screen__detail">
              <i>{detail}</i>
            </p>
          )}
          <p>
            <Link to="/" className="button" reloadDocument>
              Go to the home page
            </Link>
          </p>
        </main>
      </div>
    </div>
  );
}
