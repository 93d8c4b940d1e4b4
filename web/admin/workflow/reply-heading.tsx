// Who a reply by e-mail comes from (issue 46, docs/decisions/0303): the From: header's name and address, and, when
// the address that actually sent it (the envelope's) is another, a visible warning naming both, so a message that
// names the editor but was sent from elsewhere is never read as the editor's.
import type { DiscussionEntry } from "#contract/workflow";
import { formatDateTime } from "../format";

export function ReplyHeading({ reply }: { reply: DiscussionEntry }) {
  const named = reply.fromName ? `${reply.fromName} <${reply.from}>` : reply.from;
  return (
    <>
      <div className="timeline__when break-anywhere">
        {formatDateTime(reply.at)} · {named}
      </div>
      {reply.senderMismatch && (
        <p className="mail-status mail-status--failed break-anywhere" role="note">
          Sent from {reply.envelopeFrom}, not from the address its header names ({reply.from}): it may not come from{" "}
          {reply.fromName || reply.from}.
        </p>
      )}
    </>
  );
}
