// The journal's settings as the API shows them (SPEC §3; contract/api.ts), made from its row.
import type { JournalRow } from "../core/data/schema";
import { publicSettingsSchema, type Settings } from "#contract/api";
import { licenseOf } from "#contract/scholarly";
import { brandingPath } from "#contract/branding";
import { copyrightFormPath, sitePageHtml } from "#contract/site-content";

/** The paths of the journal's three images, for its public settings. */
export const brandingUrlsOf = (j: JournalRow) => ({
  logo_url: brandingPath("logo", j.logoFile),
  cover_image_url: brandingPath("cover", j.coverImageFile),
  certificate_image_url: brandingPath("certificate", j.certificateImageFile),
});

export function settingsOf(j: JournalRow): Settings {
  const license = licenseOf(j.license);
  return publicSettingsSchema.parse({ ...j, license: license.key, license_url: license.url, ...brandingUrlsOf(j), ...sitePagesOf(j) });
}

/** The journal's site pages as shown (its own text, else the default) and its copyright form's path (0202). */
const sitePagesOf = (j: JournalRow) => ({
  instructions_content: sitePageHtml("instructions_content", j.instructions_content),
  policies_content: sitePageHtml("policies_content", j.policies_content),
  contact_content: sitePageHtml("contact_content", j.contact_content),
  copyright_form_url: copyrightFormPath(j.copyrightFormFile),
});
