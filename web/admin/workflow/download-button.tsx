// A staff download of a manuscript's file through the admin API (the token travels in a header, so a plain link
// cannot fetch it): saved under `fileName`, with a spinner while it comes and `failure` said if it does not.
import { useState, type ReactNode } from "react";
import { adminBlob, saveBlob } from "../admin-api";
import { Spinner } from "../admin-ui";

export function DownloadButton({
  url,
  fileName,
  failure,
  onError,
  children,
}: {
  url: string;
  fileName: string;
  failure: string;
  onError: (t: string) => void;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn--secondary btn--small"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          saveBlob(await adminBlob(url), fileName);
        } catch {
          onError(failure);
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? <Spinner /> : null} {children}
    </button>
  );
}
