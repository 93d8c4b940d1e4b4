// A journal's own images (issue 29): its logo, the sidebar's cover image and certificate image. Uploaded in the
// journal's Settings; until then each is an SVG drawn from the journal's own name and ISSN — never another
// journal's (docs/decisions/0163-journal-images.md).

export const BRANDING_KINDS = ["logo", "cover", "certificate"] as const;
export type BrandingKind = (typeof BRANDING_KINDS)[number];

export const isBrandingKind = (v: string): v is BrandingKind => (BRANDING_KINDS as readonly string[]).includes(v);

export const BRANDING_LABELS: Record<BrandingKind, string> = {
  logo: "Logo",
  cover: "Sidebar cover image",
  certificate: "Sidebar certificate image",
};

/**
 * The public path of a journal's image: its uploaded file (a versioned name, so a new upload is a new URL no
 * browser has cached) or the default drawn for it.
 */
export const brandingPath = (kind: BrandingKind, file: string): string =>
  file ? `/assets/branding/${encodeURIComponent(file)}` : `/assets/branding/${kind}.svg`;
