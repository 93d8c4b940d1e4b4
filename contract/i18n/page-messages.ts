// Which messages travel with which page (docs/decisions/0352): a message's namespace is its id's first segment
// ("home.currentIssue" -> "home"); each route names the namespaces it shows. The Worker writes the messages of the
// page's routes into the first HTML, and /_messages answers the ones a client-side navigation still lacks, so a
// page never downloads another page's texts, nor another language's. The "head" namespace (titles and descriptions
// of the pages' heads) and the link pages' and letters' namespaces are the Worker's alone: no route names them.
import type { PageId } from "../pages";
import type { Catalog, MessageId } from "./messages";

/** The namespaces each route's component shows (the layout's "root": the header, footer, sidebars, errors). */
export const PAGE_MESSAGES: Record<PageId, readonly string[]> = {
  root: ["site"],
  home: ["home", "issue", "archives"],
  board: ["board"],
  archives: ["archives", "issue"],
  instructions: ["instructions"],
  indexing: ["indexing"],
  contact: ["contact"],
  policies: ["policies"],
  submit: ["submit", "list"],
  certificates: ["certificates", "issue"],
  search: ["search", "issue", "list"],
  issue: ["issue", "list"],
  article: ["article", "issue", "list"],
  verify: ["verify"],
};

export const namespaceOf = (id: string): string => id.slice(0, id.indexOf(".") >>> 0);

/** The namespaces of the routes `ids`, each once. */
export function namespacesOf(ids: readonly string[]): string[] {
  const out = new Set<string>();
  for (const id of ids) for (const ns of PAGE_MESSAGES[id as PageId] ?? []) out.add(ns);
  return [...out];
}

/** The part of a catalog in `namespaces`. */
export function messagesIn(catalog: Catalog, namespaces: readonly string[]): Partial<Record<MessageId, string>> {
  const wanted = new Set(namespaces);
  const out: Partial<Record<MessageId, string>> = {};
  for (const [id, text] of Object.entries(catalog) as [MessageId, string][]) if (wanted.has(namespaceOf(id))) out[id] = text;
  return out;
}

/** Where the browser asks for a namespace's messages: /_messages?lang=ar&ns=issue,list (cached at the edge). */
export const PAGE_MESSAGES_PATH = "/_messages";
