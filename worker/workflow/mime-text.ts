// The one place that reads a raw e-mail (RFC 5322 + MIME): the sender, subject and the plain-text body. Kept small
// and behind this module so postal-mime can replace it (docs/decisions/0191); handles folded headers, RFC 2047
// encoded words, multipart (the first text/plain part, else text/html stripped), base64 and quoted-printable, and
// any charset TextDecoder knows.

export interface ParsedMail {
  from: { address: string; name: string };
  to: string[];
  subject: string;
  text: string;
  inReplyTo: string;
}

function splitHeadBody(raw: string): [string, string] {
  const m = /\r?\n\r?\n/.exec(raw);
  return m ? [raw.slice(0, m.index), raw.slice(m.index + m[0].length)] : [raw, ""];
}

function headersOf(head: string): Map<string, string> {
  const out = new Map<string, string>();
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  for (const line of unfolded.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i <= 0) continue;
    const key = line.slice(0, i).trim().toLowerCase();
    if (!out.has(key)) out.set(key, line.slice(i + 1).trim());
  }
  return out;
}

function decodeBytes(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset || "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

const latin1Bytes = (s: string) => Uint8Array.from(s, (ch) => ch.charCodeAt(0) & 0xff);

function qpBytes(s: string, header = false): Uint8Array {
  const src = header ? s.replace(/_/g, " ") : s.replace(/=\r?\n/g, "");
  const out: number[] = [];
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(src.slice(i + 1, i + 3))) {
      out.push(Number.parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      const code = src.charCodeAt(i);
      if (code < 128) out.push(code);
      else out.push(...new TextEncoder().encode(ch));
    }
  }
  return Uint8Array.from(out);
}

function b64Bytes(s: string): Uint8Array {
  try {
    return latin1Bytes(atob(s.replace(/[^A-Za-z0-9+/=]/g, "")));
  } catch {
    return new Uint8Array();
  }
}

/** RFC 2047: =?charset?B|Q?text?= words, adjacent words joined. */
export function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?*]+)(?:\*[^?]*)?\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, enc: string, text: string) =>
      decodeBytes(enc.toUpperCase() === "B" ? b64Bytes(text) : qpBytes(text, true), charset),
    );
}

function param(value: string, name: string): string {
  const m = new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i").exec(value);
  return m ? (m[1] ?? m[2] ?? "") : "";
}

export function parseAddress(value: string): { address: string; name: string } {
  const decoded = decodeWords(value);
  const angle = /^(.*)<([^>]+)>/.exec(decoded);
  if (angle) return { address: angle[2].trim().toLowerCase(), name: angle[1].trim().replace(/^"|"$/g, "") };
  return { address: decoded.trim().toLowerCase(), name: "" };
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

/** The body of one part as text, decoded; null when the part is not text. */
function partText(headers: Map<string, string>, body: string, depth: number): { text: string; html: boolean } | null {
  const type = headers.get("content-type") ?? "text/plain";
  const mediaType = type.split(";")[0].trim().toLowerCase();
  if (mediaType.startsWith("multipart/") && depth < 5) {
    const boundary = param(type, "boundary");
    if (!boundary) return null;
    const parts = body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:--)?[ \\t]*\\r?\\n?`));
    let htmlFallback: string | null = null;
    for (const part of parts) {
      if (!part.trim()) continue;
      const [h, b] = splitHeadBody(part);
      const got = partText(headersOf(h), b, depth + 1);
      if (got && !got.html) return got;
      if (got?.html && htmlFallback === null) htmlFallback = got.text;
    }
    return htmlFallback === null ? null : { text: htmlFallback, html: true };
  }
  if (mediaType !== "text/plain" && mediaType !== "text/html") return null;
  if (/attachment/i.test(headers.get("content-disposition") ?? "")) return null;
  const enc = (headers.get("content-transfer-encoding") ?? "").toLowerCase();
  const charset = param(type, "charset") || "utf-8";
  const bytes = enc === "base64" ? b64Bytes(body) : enc === "quoted-printable" ? qpBytes(body) : latin1Bytes(body);
  const text = decodeBytes(bytes, charset);
  return mediaType === "text/html" ? { text: htmlToText(text), html: true } : { text, html: false };
}

/** The raw message as a binary string (each byte one char), so every part is decoded with its own charset. */
export function parseMail(raw: Uint8Array): ParsedMail {
  const binary = Array.from(raw, (b) => String.fromCharCode(b)).join("");
  const [head, body] = splitHeadBody(binary);
  const h = headersOf(head);
  const headerText = (k: string) => decodeWords(decodeBytes(latin1Bytes(h.get(k) ?? ""), "utf-8"));
  const text = partText(h, body, 0)?.text ?? "";
  return {
    from: parseAddress(headerText("from")),
    to: headerText("to")
      .split(",")
      .map((x) => parseAddress(x).address)
      .filter(Boolean),
    subject: headerText("subject"),
    text: text.replace(/\r\n/g, "\n").trim(),
    inReplyTo: headerText("in-reply-to"),
  };
}
