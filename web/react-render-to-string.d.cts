// Types of react-render-to-string.cjs: react-dom/server's renderToString, from the legacy build alone.
export { renderToString } from "react-dom/server";
