// `node --import ./scripts/documents/bin-loader.mjs`: registers bin-hooks.mjs.
import { register } from "node:module";
register("./bin-hooks.mjs", import.meta.url);
