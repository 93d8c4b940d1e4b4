// Where a full text's pictures live: R2 `journals/{journal}/fulltext/{article}/{name}`, served at
// `/assets/fulltext/{article}/{name}` (worker/archive/files.routes.ts) — the paths the sanitizer allows.
export const fulltextFileKey = (journalId: number, articleId: number, name: string) =>
  `journals/${journalId}/fulltext/${articleId}/${name}`;
export const fulltextImagePath = (articleId: number, name: string) => `/assets/fulltext/${articleId}/${encodeURIComponent(name)}`;
