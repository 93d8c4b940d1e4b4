// Who a reply by e-mail comes from (issue 46, docs/decisions/0303): the From: header's name and address, and, when
// the address that actually sent it (the envelope's) is another, a visible warning naming both, so a message that
// names the editor but was sent from elsewhere is never read as the editor's.
import type { DiscussionEntry } from "#contract/workflow";
import { formatDateTime } from "../format";

export function ReplyHeading({
  reply,
  reviewerName,
}: {
  reply: DiscussionEntry;
  reviewerName?: (assignmentId: number) => string | undefined;
}) {
  const named = reply.fromName ? `${reply.fromName} <${reply.from}>` : reply.from;
  // Whose own reply address it came to (issue 48 item 6): a reply is theirs by the address, whoever From: names.
  const to =
    reply.addressedTo === "author"
      ? "to the author's reply address"
      : reply.addressedTo === "reviewer"
        ? `to ${(reply.assignmentId !== null && reviewerName?.(reply.assignmentId)) || "a reviewer"}'s reply address`
        : "";
  return (
    <>
      <div className="timeline__when break-anywhere">
        {formatDateTime(reply.at)} · {named}
        {to ? ` · ${to}` : ""}
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
