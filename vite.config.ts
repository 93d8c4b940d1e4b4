import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { cloudflare } from "@cloudflare/vite-plugin";
import { fileURLToPath } from "node:url";
import { assetHeadersFile } from "./worker/core/middleware/security-header-values.ts";

const REACT_ROUTER_PRODUCTION = fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    {
      // /static/* is served by the asset store without the Worker: its security headers come from `_headers`.
      name: "asset-security-headers",
      apply: "build",
      generateBundle() {
        if (this.environment.name === "client") this.emitFile({ type: "asset", fileName: "_headers", source: assetHeadersFile() });
      },
    },
    cloudflare({
      configPath: "./wrangler.toml",
      // The same local D1/R2 state that npm start, seed and admin:create use (PERSIST_DIR, default .wrangler/state).
      persistState: { path: process.env.PERSIST_DIR || ".wrangler/state" },
    }),
  ],
  // Files shipped as-is with the site (default avatar, sidebar images, favicon): served from the root.
  publicDir: "web/static",
  build: {
    // Hashed build files live under /static/, away from /assets/ (R2 files of SPEC §7).
    assetsDir: "static",
    sourcemap: false,
  },
  environments: {
    // Two pages: the site (index.html) and the platform console (platform.html, served by the Worker only on
    // PLATFORM_HOSTS; its own entry, so the public pages' JavaScript does not carry it; docs/decisions/0160).
    client: { build: { rollupOptions: { input: { index: "index.html", platform: "platform.html" } } } },
  },
  server: { port: Number(process.env.PORT ?? 5173) },
  preview: { port: Number(process.env.PORT ?? 8787) },
  resolve: {
    // react-router's package exports only its development build (warnings and checks included); the built site, in
    // the browser and in the Worker, takes its production build (docs/decisions/0155).
    alias: command === "build" ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
}));
