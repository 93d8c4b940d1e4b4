// "Crossref XML" on the admin issue page: downloads the issue's Crossref 5.3.1 deposit (GET /api/admin/crossref/...).
import { useState } from "react";
import { adminBlob, errorCode, saveBlob } from "../admin-api";
import { BusyButton } from "../form-kit";
import { apiPath } from "#contract/routes/endpoint";
import { scholarlyApi } from "#contract/routes/scholarly";

const MESSAGES: Record<string, string> = {
  no_dois: "No public article of this issue has a DOI yet: set the DOI prefix in Settings, or a DOI on the articles.",
  missing_issn: "Crossref needs the journal's print or online ISSN: add it in Settings first.",
};

export function CrossrefButton(props: {
  year: string | number;
  volume: string | number;
  issue: string | number;
  onError: (text: string) => void;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  async function download() {
    if (busy) return;
    setBusy(true);
    try {
      const blob = await adminBlob(apiPath(scholarlyApi.crossrefXml, { year: props.year, vol: props.volume, issue: props.issue }));
      saveBlob(blob, `crossref-${props.year}-vol${props.volume}-issue${props.issue}.xml`);
      props.onDone();
    } catch (error) {
      props.onError(MESSAGES[errorCode(error)] ?? "Something went wrong");
    } finally {
      setBusy(false);
    }
  }
  return (
    <BusyButton
      busy={busy}
      busyLabel="Preparing…"
      onClick={download}
      className="btn btn--ghost"
      title="Download the Crossref deposit XML of this issue"
    >
      Crossref XML
    </BusyButton>
  );
}
