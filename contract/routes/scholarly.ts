// Crossref deposits and DOAJ's article XML, for staff (contract/routes/endpoint.ts explains the table).
// Worker: worker/scholarly/crossref.admin.routes.ts, doaj.admin.routes.ts.
import { endpoint, staff } from "./endpoint";

const xml = { answer: "file", fileType: "application/xml" } as const;

export const scholarlyApi = {
  crossrefAccount: endpoint("GET", "/api/admin/crossref/account", {
    access: staff("crossref"),
    summary: "The journal's Crossref account (never its password)",
  }),
  saveCrossrefAccount: endpoint("PUT", "/api/admin/crossref/account", {
    // The login is the journal's credential with Crossref: a setting, so managers only (production staff deposit).
    access: staff("settings"),
    summary: "Saves or removes the Crossref account deposits are sent with",
  }),
  crossrefXml: endpoint("GET", "/api/admin/crossref/{year}/{vol}/{issue}", {
    ...xml,
    access: staff("crossref"),
    summary: "The issue's Crossref 5.3.1 deposit",
  }),
  deposits: endpoint("GET", "/api/admin/crossref/{year}/{vol}/{issue}/deposits", {
    access: staff("crossref"),
    summary: "The issue's deposits sent to Crossref and their outcome",
  }),
  deposit: endpoint("POST", "/api/admin/crossref/{year}/{vol}/{issue}/deposit", {
    access: staff("crossref"),
    body: "none",
    summary: "Sends the issue's deposit to Crossref with the journal's account",
  }),
  checkDeposit: endpoint("POST", "/api/admin/crossref/deposits/{id}/check", {
    access: staff("crossref"),
    body: "none",
    summary: "Asks Crossref for a sent deposit's outcome again",
  }),
  doajXml: endpoint("GET", "/api/admin/doaj/{year}/{vol}/{issue}", {
    ...xml,
    access: staff("doaj"),
    summary: "The issue's DOAJ article XML",
  }),
} as const;
