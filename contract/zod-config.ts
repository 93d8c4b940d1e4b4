// Zod without its JIT (issue 25 item 9). Zod 4 compiles object parsers with `new Function` after probing whether
// eval is allowed; under our CSP (script-src 'self', no 'unsafe-eval') that probe is refused, and although Zod
// catches the error, the browser still reports a `script-src 'eval'` violation on every admin page. With
// `jitless`, Zod never probes and parses with its interpreter (the same results; zod/v4/core/util.js allowsEval).
// Imported first by every entry that parses with Zod in a browser (web/main.tsx). Zod's core alone: the public
// entry carries no Zod (the forms that parse load it lazily), and this one setting is Zod core's global config.
import { config } from "zod/v4/core";

config({ jitless: true });
