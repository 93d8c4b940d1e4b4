// Values that can reach a mail header (names, subjects, the sender's name) stay on one line: a line break typed into
// a name would end the `To:` header and start one of the sender's choosing (a `Bcc:`; issue 46, docs/decisions/0300).
// The API's schemas refuse such values with CONTROL_CHARACTERS; the outbox collapses them again when mail is written
// and sent (worker/workflow/mail-headers.ts), for rows stored before or by another path. Runtime-neutral.

/** C0 controls (CR, LF, TAB, NUL...), DEL, C1 controls (NEL) and the Unicode line and paragraph separators. */
export const HEADER_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/** The API's error code for a header value holding one of them. */
export const CONTROL_CHARACTERS = "control_characters";

export const isSingleLine = (v: string): boolean => !HEADER_BREAKING.test(v);

/** The text the admin's forms show for CONTROL_CHARACTERS. */
export const CONTROL_CHARACTERS_MESSAGE = "Use one line of text: line breaks and control characters cannot go into an e-mail.";
