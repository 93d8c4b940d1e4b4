// The one place that reads a raw e-mail (RFC 5322 + MIME) that Email Routing hands the Worker: the sender, the
// recipients, the subject and the plain-text body, parsed by postal-mime (folded headers, RFC 2047 encoded words,
// multipart, base64 and quoted-printable, any charset). A message with only an HTML body is reduced to its text.
import PostalMime from "postal-mime";

export interface ParsedMail {
  from: { address: string; name: string };
  to: string[];
  subject: string;
  text: string;
  inReplyTo: string;
}

const htmlToText = (h: string) =>
  h
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/p>/gi, "\n\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** Addresses compared as mail systems do: without case. */
const addressOf = (a: { address?: string } | undefined) => (a?.address ?? "").trim().toLowerCase();

export async function parseMail(raw: Uint8Array): Promise<ParsedMail> {
  const mail = await PostalMime.parse(raw);
  const text = mail.text ?? (mail.html ? htmlToText(mail.html) : "");
  return {
    from: { address: addressOf(mail.from), name: mail.from?.name ?? "" },
    to: (mail.to ?? []).map(addressOf).filter(Boolean),
    subject: mail.subject ?? "",
    text: text.replace(/\r\n/g, "\n").trim(),
    inReplyTo: mail.inReplyTo ?? "",
  };
}
