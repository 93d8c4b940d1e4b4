// The journal's settings as the API shows them (SPEC §3; contract/api.ts), made from its row.
import type { JournalRow } from "../../data/schema";
import { publicSettingsSchema, type Settings } from "#contract/api";
import { licenseOf } from "#contract/scholarly";
import { brandingUrlsOf } from "./branding.routes";

export function settingsOf(j: JournalRow): Settings {
  const license = licenseOf(j.license);
  return publicSettingsSchema.parse({ ...j, license: license.key, license_url: license.url, ...brandingUrlsOf(j) });
}
