// "DOAJ XML" on the admin issue page: downloads the issue's articles as DOAJ's article upload XML
// (GET /api/admin/doaj/..., issue 40 item 3), to upload at DOAJ's "Upload article XML".
import { useState } from "react";
import { adminBlob, errorCode, saveBlob } from "../admin-api";
import { BusyButton } from "../form-kit";
import { apiPath } from "#contract/routes/endpoint";
import { scholarlyApi } from "#contract/routes/scholarly";

const MESSAGES: Record<string, string> = {
  no_articles: "This issue has no public article yet.",
  missing_issn: "DOAJ needs the journal's print or online ISSN: add it in Settings first.",
};

export function DoajButton(props: {
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
      const blob = await adminBlob(apiPath(scholarlyApi.doajXml, { year: props.year, vol: props.volume, issue: props.issue }));
      saveBlob(blob, `doaj-${props.year}-vol${props.volume}-issue${props.issue}.xml`);
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
      title="Download this issue's articles as DOAJ XML"
    >
      DOAJ XML
    </BusyButton>
  );
}
