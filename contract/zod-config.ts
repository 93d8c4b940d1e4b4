// Zod without its JIT (issue 25 item 9). Zod 4 compiles object parsers with `new Function` after probing whether
// eval is allowed; under our CSP (script-src 'self', no 'unsafe-eval') that probe is refused, and although Zod
// catches the error, the browser still reports a `script-src 'eval'` violation on every admin page. With
// `jitless`, Zod never probes and parses with its interpreter (the same results; zod/v4/core/util.js allowsEval).
// Imported by every lazily loaded part that parses with Zod in a browser (the admin area, Submit Online, the
// platform console), not by the public entry, which parses nothing with Zod and so carries none of it. Zod's core
// alone: this one setting is its global config.
import { config } from "zod/v4/core";

config({ jitless: true });
