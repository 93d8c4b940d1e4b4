// R2 keys: every object lives under its journal's namespace, so no journal can reach another's files.

/** Safe single path segment for a stored file name: no slashes, no dot-dot, no control characters. */
export function isSafeFileName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._\- ()]{0,180}$/.test(name) && !name.includes("..");
}

/**
 * A stored name no object has had before: `{base}-{version}.{ext}`, the version 10 random base-36 characters.
 * Writes go to new names and rows switch to them, so a write can never overwrite the file a row points at
 * (docs/decisions/0091).
 */
export function versionedName(base: string, ext: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const version = Array.from(bytes, (b) => "0123456789abcdefghijklmnopqrstuvwxyz"[b % 36]).join("");
  return `${base}-${version}.${ext}`;
}

/**
 * The name an article's PDF has for staff and visitors: the reference number plus ".pdf" (SPEC §5). The stored
 * object has a versioned name (versionedName) that stays internal.
 */
export const publicFileName = (a: { refnumber: string | null; file: string }): string =>
  a.file ? (a.refnumber ? `${a.refnumber}.pdf` : a.file) : "";

const ns = (journalId: number) => `journals/${journalId}`;

export const fileKeys = {
  article: (journalId: number, year: number, volume: number, issue: number, file: string) =>
    `${ns(journalId)}/archives/${year}/vol${volume}issue${issue}/${file}`,
  editorPicture: (journalId: number, file: string) => `${ns(journalId)}/editors/${file}`,
  indexingLogo: (journalId: number, file: string) => `${ns(journalId)}/indexing/${file}`,
  issueCover: (journalId: number, file: string) => `${ns(journalId)}/issues/${file}`,
  submission: (journalId: number, file: string) => `${ns(journalId)}/submissions/${file}`,
  /** The journal's own logo, cover and certificate images (docs/decisions/0163). */
  branding: (journalId: number, file: string) => `${ns(journalId)}/branding/${file}`,
};

/** Public URL paths (SPEC §7 static files) for the same objects. */
export const filePaths = {
  article: (year: number, volume: number, issue: number, file: string) =>
    `/assets/archives/${year}/vol${volume}issue${issue}/${encodeURIComponent(file)}`,
  editorPicture: (file: string) => `/assets/editors/${encodeURIComponent(file)}`,
  indexingLogo: (file: string) => `/assets/indexing/${encodeURIComponent(file)}`,
  issueCover: (file: string) => `/assets/issues/${encodeURIComponent(file)}`,
  defaultAvatar: "/img/avatar.png",
};
