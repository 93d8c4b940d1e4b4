// Who an edit takes off an article's author list, as certificate verification sees it (docs/decisions/0170): a name
// is the same person whatever its place, case or invisible characters (nameMatchKey); any other change of spelling
// is a removal, so a certificate given to the old spelling reads "no longer valid" at /verify.
import { nameMatchKey } from "#contract/name-match";
import { splitAuthors } from "#contract/scholarly";

/** The stored authors that `typed` no longer names, in their stored order. */
export function droppedAuthors(stored: string, typed: string): string[] {
  const kept = new Set(splitAuthors(typed).map(nameMatchKey));
  return splitAuthors(stored).filter((name) => !kept.has(nameMatchKey(name)));
}
