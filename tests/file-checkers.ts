// Independent checkers of the files the Worker writes, run in Node and reachable from tests inside workerd as the
// service binding FILE_CHECK, in the `npm run test:documents` tier only (files named *.tools.test.ts) (POST /<tool> with the file as the body; answers { ok, output }):
//   /qpdf-check    qpdf --check (structure, xref, streams; exit 0 without warnings is "ok")
//   /qpdf-json     qpdf --json (trailer, catalog, objects) for assertions on the structure
//   /unzip-test    Info-ZIP's unzip -t
//   /python-zip    Python's zipfile: testzip() and the entry names and UTF-8 flags as JSON
//   /python-csv    Python's csv module (UTF-8 with or without a BOM): the rows as a JSON array of arrays of strings
//   /java-zip      Java's java.util.zip.ZipInputStream reading every entry (what many Java tools use)
//   /pdf-metadata  what readers show of a PDF's metadata: poppler's pdfinfo (Author, Creator, Title...), pdfinfo -meta
//                  (the catalog's XMP stream) and qpdf --show-object=trailer (the Info reference), one section each
//   /pdftotext     poppler's pdftotext (UTF-8): the text that poppler-based viewers (Evince, Okular) copy
//   /xmllint-crossref  libxml2's xmllint against Crossref's deposit schema 5.3.1 (tests/schemas/crossref-5.3.1)
//   /xmllint-oai       xmllint against the OAI-PMH 2.0, oai_dc and oai-identifier schemas (tests/schemas/oai)
//   /xmllint-ojs       xmllint against OJS's Native XML schema (native.xsd + pkp-native.xsd, tests/schemas/ojs-native)
//   /xmllint-oai-formats  the same, and the formats records come in besides oai_dc: MARCXML (tests/schemas/marcxml) and
//                      Crossref's namespaced JATS 1.3 (slower: the JATS schema loads MathML)
//   /counter-api?path=/r51/reports/ir&status=200  Python's jsonschema (Draft 2020-12) against the response schema COUNTER's
//                      OpenAPI document (tests/schemas/counter/COUNTER_API.json) gives that path and status;
//                      /counter-api?schema=Exception: against that one schema of the document (an answer the document
//                      gives no path for, such as the 404 of a report the server does not have)
//   /openapi?path=/api/editors/{id}&method=get&status=200  Python's jsonschema (Draft 2020-12): the answer in the body
//                      against the schema docs/openapi.json gives that operation; without path, every schema in the
//                      document checked as a JSON Schema 2020-12 (the API contract, docs/decisions/0250)
//   /xmllint-jats      xmllint against the JATS 1.3 Journal Publishing schema (tests/schemas/jats-1.3)
//   /xmllint-doaj      xmllint against DOAJ's article schema doajArticles.xsd (tests/schemas/doaj)
//   /bibtool       BibTeX read by bibtool (Debian): the entries it prints back, one field a line
//   /bib2xml       BibTeX read by bibutils' bib2xml (Debian): MODS XML, one <mods> per entry
//   /ris2xml       RIS read by bibutils' ris2xml (Debian): MODS XML, one <mods> per record
//   /pandoc-jats   an article's JATS read by pandoc's JATS reader: pandoc's JSON AST (body and, in its metadata, the
//                  references it read from <element-citation>s)
//   /pandoc-html   a page read by pandoc's HTML reader: pandoc's JSON AST (headings, tables, figures, MathML maths)
//   /qr-scan       the first page rendered to PNG by poppler's pdftoppm (150 dpi), its QR codes read by zbarimg
//                  (zbar-tools): one decoded text per line
import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter } from "node:path";
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The programs the checkers run, with the Debian package of each (`npm run test:documents` checks them first). */
export const CHECKER_TOOLS: ReadonlyArray<{ command: string; debian: string; reads: string }> = [
  { command: "qpdf", debian: "qpdf", reads: "PDF structure" },
  { command: "pdftotext", debian: "poppler-utils", reads: "PDF text as poppler-based viewers copy it" },
  { command: "pdftoppm", debian: "poppler-utils", reads: "PDF pages as PNG for the QR scan" },
  { command: "pdfinfo", debian: "poppler-utils", reads: "PDF document information and XMP metadata" },
  { command: "zbarimg", debian: "zbar-tools", reads: "QR codes" },
  { command: "unzip", debian: "unzip", reads: "zips (Info-ZIP)" },
  { command: "python3", debian: "python3", reads: "zips (Python's zipfile)" },
  { command: "java", debian: "default-jre-headless", reads: "zips (Java's ZipInputStream)" },
  { command: "xmllint", debian: "libxml2-utils", reads: "Crossref and OAI-PMH XML against their schemas" },
  { command: "bibtool", debian: "bibtool", reads: "BibTeX" },
  { command: "bib2xml", debian: "bibutils", reads: "BibTeX (as MODS)" },
  { command: "ris2xml", debian: "bibutils", reads: "RIS (as MODS)" },
  { command: "pandoc", debian: "pandoc", reads: "JATS and HTML full text (pandoc's readers)" },
];

/** The checker programs not found on PATH. */
export function missingCheckerTools(path = process.env.PATH ?? ""): typeof CHECKER_TOOLS {
  const found = (command: string) =>
    path.split(delimiter).some((dir) => {
      try {
        accessSync(`${dir || "."}/${command}`, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
  return CHECKER_TOOLS.filter((t) => !found(t.command));
}

/** The vendored XML schemas (offline: xmllint never fetches). */
const schema = (path: string) => fileURLToPath(new URL(`./schemas/${path}`, import.meta.url));

interface Result {
  ok: boolean;
  code: number;
  output: string;
}

/** Runs a tool; `output` is stdout and stderr together, or stdout alone with `stdoutOnly` (zbarimg logs to stderr). */
function run(cmd: string, args: string[], cwd?: string, opts: { stdoutOnly?: boolean } = {}): Promise<Result> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ ok: code === 0, code, output: opts.stdoutOnly ? `${stdout}` : `${stdout}${stderr}` });
    });
  });
}

const PYTHON_ZIP = `
import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
bad = z.testzip()
print(json.dumps({"bad": bad, "entries": [{"name": i.filename, "utf8": bool(i.flag_bits & 0x800), "size": i.file_size, "method": i.compress_type} for i in z.infolist()]}))
`;

const JAVA_ZIP = `
import java.io.*;
import java.util.zip.*;
public class ReadZip {
  public static void main(String[] a) throws Exception {
    try (ZipInputStream in = new ZipInputStream(new FileInputStream(a[0]), java.nio.charset.StandardCharsets.UTF_8)) {
      ZipEntry e; byte[] buf = new byte[65536]; int n = 0;
      while ((e = in.getNextEntry()) != null) {
        long size = 0; int r;
        while ((r = in.read(buf)) > 0) size += r;
        System.out.println(e.getName() + "\\t" + size);
        n++;
      }
      System.out.println("entries\\t" + n);
    }
  }
}
`;

const COUNTER_API_CHECK = `
import json, sys
from jsonschema import Draft202012Validator, FormatChecker
doc = json.load(open(sys.argv[1]))
path, status, named = sys.argv[3], sys.argv[4], sys.argv[5]
def resolve(node):
    while isinstance(node, dict) and "$ref" in node:
        target = doc
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = target
    return node
if named:
    schema = dict(doc["components"]["schemas"][named])
else:
    response = resolve(resolve(doc["paths"][path]["get"]["responses"])[status])
    schema = dict(response["content"]["application/json"]["schema"])
schema["components"] = doc["components"]
instance = json.load(open(sys.argv[2]))
errors = sorted(Draft202012Validator(schema, format_checker=FormatChecker()).iter_errors(instance), key=lambda e: list(e.absolute_path))
for e in errors[:20]:
    print("/".join(str(p) for p in e.absolute_path) or "(root)", ":", e.message[:300])
sys.exit(1 if errors else 0)
`;

// ---- The API's OpenAPI document (docs/decisions/0250): read by Python's jsonschema, not by the code that wrote it.
const OPENAPI_CHECK = `
import json, sys
from jsonschema import Draft202012Validator, FormatChecker
doc = json.load(open(sys.argv[1]))
path, method, status = sys.argv[3], sys.argv[4], sys.argv[5]
if not path:
    problems = []
    def walk(node, where):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "schema" and isinstance(value, dict):
                    try:
                        Draft202012Validator.check_schema(value)
                    except Exception as e:
                        problems.append(where + "/schema: " + str(e)[:300])
                walk(value, where + "/" + str(key))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, where + "/" + str(i))
    walk(doc, "#")
    for name, value in doc.get("components", {}).get("schemas", {}).items():
        try:
            Draft202012Validator.check_schema(value)
        except Exception as e:
            problems.append("#/components/schemas/" + name + ": " + str(e)[:300])
    count = json.dumps(doc).count('"schema":')
    print("schemas", count)
    for p in problems[:20]:
        print(p)
    sys.exit(1 if problems or count < 100 else 0)
schema = dict(doc["paths"][path][method]["responses"][status]["content"]["application/json"]["schema"])
if not schema:
    print("no schema for", method, path, status)
    sys.exit(1)
schema["components"] = doc["components"]
instance = json.load(open(sys.argv[2]))
errors = sorted(Draft202012Validator(schema, format_checker=FormatChecker()).iter_errors(instance), key=lambda e: list(e.absolute_path))
for e in errors[:20]:
    print("/".join(str(p) for p in e.absolute_path) or "(root)", ":", e.message[:300])
sys.exit(1 if errors else 0)
`;

const PYTHON_CSV = `
import csv, json, sys
with open(sys.argv[1], newline="", encoding="utf-8-sig") as f:
    print(json.dumps(list(csv.reader(f, strict=True))))
`;

async function check(tool: string, dir: string, file: string, query = new URLSearchParams()): Promise<Result> {
  switch (tool) {
    case "qpdf-check": {
      const r = await run("qpdf", ["--check", file]);
      // qpdf exits 3 for warnings: only a clean 0 without "WARNING" counts.
      return { ...r, ok: r.code === 0 && !/warning/i.test(r.output) };
    }
    case "pdftotext":
      return run("pdftotext", ["-enc", "UTF-8", file, "-"]);
    case "pdf-metadata": {
      const info = await run("pdfinfo", [file]);
      const xmp = await run("pdfinfo", ["-meta", file]);
      const trailer = await run("qpdf", ["--show-object=trailer", file]);
      return {
        ok: info.ok && xmp.ok && trailer.ok,
        code: info.code || xmp.code || trailer.code,
        output: `== pdfinfo\n${info.output}\n== pdfinfo -meta\n${xmp.output}\n== qpdf --show-object=trailer\n${trailer.output}`,
      };
    }
    case "qpdf-json":
      return run("qpdf", ["--json", file]);
    case "qr-scan": {
      const r = await run("pdftoppm", ["-png", "-r", "150", "-singlefile", "-f", "1", file, join(dir, "page")]);
      if (!r.ok) return r;
      return run("zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", join(dir, "page.png")], undefined, { stdoutOnly: true });
    }
    case "unzip-test":
      return run("unzip", ["-t", file]);
    case "python-zip":
      return run("python3", ["-c", PYTHON_ZIP, file]);
    case "python-csv":
      return run("python3", ["-c", PYTHON_CSV, file], undefined, { stdoutOnly: true });
    case "java-zip": {
      await writeFile(join(dir, "ReadZip.java"), JAVA_ZIP);
      return run("java", ["ReadZip.java", file], dir);
    }
    case "xmllint-crossref":
      return run("xmllint", ["--nonet", "--noout", "--schema", schema("crossref-5.3.1/crossref5.3.1.xsd"), file]);
    case "xmllint-oai":
      return run("xmllint", ["--nonet", "--noout", "--schema", schema("oai/wrap.xsd"), file]);
    case "xmllint-ojs":
      return run("xmllint", ["--nonet", "--noout", "--huge", "--schema", schema("ojs-native/native.xsd"), file]);
    case "xmllint-oai-formats":
      return run("xmllint", ["--nonet", "--noout", "--schema", schema("oai/wrap-formats.xsd"), file]);
    case "xmllint-jats":
      return run("xmllint", ["--nonet", "--noout", "--schema", schema("jats-1.3/JATS-journalpublishing1-3d2-mathml3.xsd"), file]);
    case "xmllint-doaj":
      return run("xmllint", ["--nonet", "--noout", "--schema", schema("doaj/doajArticles.xsd"), file]);
    case "counter-api":
      return run("python3", [
        "-c",
        COUNTER_API_CHECK,
        schema("counter/COUNTER_API.json"),
        file,
        query.get("path") ?? "",
        query.get("status") ?? "200",
        query.get("schema") ?? "",
      ]);
    case "openapi":
      return run("python3", [
        "-c",
        OPENAPI_CHECK,
        fileURLToPath(new URL("../docs/openapi.json", import.meta.url)),
        file,
        query.get("path") ?? "",
        query.get("method") ?? "get",
        query.get("status") ?? "200",
      ]);
    case "bibtool":
      // bibtool reads "name.bib" when given "name"; -q: no warnings; a long line length keeps a field on one line.
      await copyFile(file, `${file}.bib`);
      return run("bibtool", ["-q", "-r", "/dev/null", "--", "print.line.length=100000", "-i", `${file}.bib`]);
    case "bib2xml":
      return run("bib2xml", ["-nt", "-u", file]);
    case "ris2xml":
      return run("ris2xml", ["-nt", "-u", file]);
    case "pandoc-jats":
      return run("pandoc", ["-f", "jats", "-t", "json", file], undefined, { stdoutOnly: true });
    case "pandoc-html":
      return run("pandoc", ["-f", "html", "-t", "json", file], undefined, { stdoutOnly: true });
    default:
      return { ok: false, code: -1, output: `unknown tool ${tool}` };
  }
}

/**
 * The binding in `npm test` (no outside programs): a test that reaches for a checker is in the wrong file. It says
 * so instead of running a program that a machine with Node alone does not have.
 */
export async function fileCheckRefused(request: Request): Promise<Response> {
  const tool = new URL(request.url).pathname.replace(/^\//, "");
  return Response.json({
    ok: false,
    code: -1,
    output: `FILE_CHECK /${tool} runs a program outside Node: only *.tools.test.ts files may use it (npm run test:documents)`,
  });
}

export async function fileCheck(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const tool = url.pathname.replace(/^\//, "");
  const dir = await mkdtemp(join(tmpdir(), "file-check-"));
  try {
    const file = join(dir, "input");
    await writeFile(file, new Uint8Array(await request.arrayBuffer()));
    return Response.json(await check(tool, dir, file, url.searchParams));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
