// Business constants of SPEC §9, shared by the Worker and the SPA.
export const PDF_MAX_BYTES = 5_242_880;
export const IMAGE_MAX_BYTES = 2_097_152;
export const MAX_AUTHORS = 5;
export const MAX_REFERENCES = 50;
export const DEFAULT_AVATAR = "avatar.png";
/** Where the SPA keeps the admin session (token and user) in localStorage. */
export const SESSION_KEY = "journal-edge.session";

export const EDITOR_CATEGORIES = ["chief editor", "associate editor", "assistant editor"] as const;
export type EditorCategory = (typeof EDITOR_CATEGORIES)[number];
/** Board headings per category, in the order the board shows them. */
export const EDITOR_CATEGORY_HEADINGS: Record<EditorCategory, string> = {
  "chief editor": "Editor-in-Chief",
  "associate editor": "Associate Editors",
  "assistant editor": "Assistant Editors",
};

export const DESIGNATIONS = ["Professor", "Associate Professor", "Assistant Professor", "Scientist", "Head", "Lecturer"] as const;

export const SUBMIT_COUNTRIES = [
  "India",
  "Nigeria",
  "Pakistan",
  "Indonesia",
  "Bangladesh",
  "Egypt",
  "Ethiopia",
  "Saudi Arabia",
  "Azerbaijan",
] as const;

export const PAYMENT_TYPES = ["paid", "free"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const STATUS_ENABLED = "enabled";
export const STATUS_DISABLED = "disabled";
