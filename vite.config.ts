import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { cloudflare } from "@cloudflare/vite-plugin";

export default defineConfig({
  plugins: [
    react(),
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
  server: { port: Number(process.env.PORT ?? 5173) },
  preview: { port: Number(process.env.PORT ?? 8787) },
});
