// React's API, served by Preact (docs/decisions/0071): the public pages' JavaScript budget (issue 8) leaves no room
// for react-dom's 64 KB gzip. Every import of react / react-dom in our code and in dependencies (react-router)
// resolves to preact/compat, in the browser build, the Worker build and the workerd tests alike, so the markup the
// Worker renders is the markup the browser hydrates.
//
// One island keeps the real React: the admin's rich-text editor (Tiptap's React binding and ProseMirror own their
// DOM in ways preact/compat does not reproduce: typed text came out scrambled). web/admin/rich-text-react-root.ts
// mounts it in its own React root, so React ships only in that lazily loaded admin chunk.
import type { Plugin, Rolldown } from "vite";

const TO_PREACT: [RegExp, string][] = [
  [/^react-dom\/client$/, "preact/compat/client"],
  [/^react-dom\/server(\.browser|\.edge)?$/, "preact/compat/server.browser"],
  [/^react-dom\/test-utils$/, "preact/test-utils"],
  [/^react-dom$/, "preact/compat"],
  [/^react\/jsx-runtime$/, "preact/compat/jsx-runtime"],
  [/^react\/jsx-dev-runtime$/, "preact/compat/jsx-dev-runtime"],
  [/^react$/, "preact/compat"],
];

/** Importers that get the real React: React itself, the rich-text editor island and what it is built from. */
const REAL_REACT_IMPORTERS = [
  /\/node_modules\/(react|react-dom|scheduler|use-sync-external-store)\//,
  /\/node_modules\/@tiptap\//,
  /\/web\/admin\/rich-text-(editor\.tsx|react-root\.ts)$/,
];

/** The Preact module an import of `source` from `importer` should get, or null to leave it to the resolver. */
function preactTarget(source: string, importer: string | undefined): string | null {
  const target = TO_PREACT.find(([pattern]) => pattern.test(source))?.[1];
  if (!target) return null;
  const from = importer?.split("?")[0].replaceAll("\\", "/");
  return from && REAL_REACT_IMPORTERS.some((pattern) => pattern.test(from)) ? null : target;
}

export function preactForReact(): Plugin {
  // The dev server pre-bundles dependencies (react-router among them) without Vite's plugins: the same mapping runs
  // in that bundler too, or react-router would bundle the real React beside our Preact.
  const prebundle: Rolldown.Plugin = {
    name: "preact-for-react:deps",
    resolveId(source, importer) {
      const target = preactTarget(source, importer);
      return target ? this.resolve(target, importer, { skipSelf: true }) : null;
    },
  };
  return {
    name: "preact-for-react",
    enforce: "pre",
    configEnvironment() {
      return { optimizeDeps: { rolldownOptions: { plugins: [prebundle] } } };
    },
    async resolveId(source, importer, options) {
      const target = preactTarget(source, importer);
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}
