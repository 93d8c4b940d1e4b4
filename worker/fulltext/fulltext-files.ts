// Where a full text's pictures live: R2 `journals/{journal}/fulltext/{article}/{name}`, served at
// `/assets/fulltext/{article}/{name}` (worker/archive/files.routes.ts) — the paths the sanitizer allows.
export const fulltextFileKey = (journalId: number, articleId: number, name: string) =>
  `journals/${journalId}/fulltext/${articleId}/${name}`;
export const fulltextImagePath = (articleId: number, name: string) => `/assets/fulltext/${articleId}/${encodeURIComponent(name)}`;

/** A figure's web copy beside its original (docs/decisions/0388): "figure1-abc.png" -> "figure1-abc.web.png". */
export const webCopyName = (name: string) => name.replace(/(\.[a-z]+)$/, ".web$1");

/** The original behind a figure's address: the web copy's address without ".web" (any other address as it is). */
export const originalFigurePath = (src: string) => src.replace(/\.web(\.(?:png|jpe?g|gif|webp))$/, "$1");
