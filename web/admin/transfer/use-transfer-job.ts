// The job the page's address names (?job=), followed each second until it is done or failed: one poll for the whole
// transfer page, whichever panel (an archive's import, editors) shows it (docs/decisions/0211, 0290).
import { useEffect, useRef, useState } from "react";
import type { TransferJobDetail } from "#contract/transfer";
import { apiPath } from "#contract/routes/endpoint";
import { transferApi } from "#contract/routes/transfer";
import { adminJson, errorCode } from "../admin-api";

export function useTransferJob(
  jobId: string | null,
  /** Called once the job has ended (to refresh the list of jobs). */
  onEnded: () => void,
  onError: (code: string) => void,
): TransferJobDetail | null {
  const [detail, setDetail] = useState<TransferJobDetail | null>(null);
  // The callbacks as they are now, not as they were when the poll began.
  const callbacks = useRef({ onEnded, onError });
  callbacks.current = { onEnded, onError };
  useEffect(() => {
    if (!jobId) {
      setDetail(null);
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const d = await adminJson<TransferJobDetail>(apiPath(transferApi.job, { jobId }));
        if (stopped) return;
        setDetail(d);
        if (d.job.status === "queued" || d.job.status === "running") timer = setTimeout(poll, 1000);
        else callbacks.current.onEnded();
      } catch (err) {
        if (!stopped) callbacks.current.onError(errorCode(err) ?? "");
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [jobId]);
  return detail?.job.id === jobId ? detail : null;
}
