// React's API, served by Preact (docs/decisions/0071): the public pages' JavaScript budget (issue 8) leaves no room
// for react-dom's 64 KB gzip. Every import of react / react-dom in our code and in dependencies (react-router, the
// admin's Tiptap editor) resolves to preact/compat, in the browser build, the Worker build and the workerd tests
// alike, so the markup the Worker renders is the markup the browser hydrates.
import type { Alias } from "vite";

export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/server(\.browser|\.edge)?$/, replacement: "preact/compat/server.browser" },
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
];
