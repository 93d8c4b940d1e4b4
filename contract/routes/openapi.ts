// The OpenAPI 3.1 document of the API, generated from the route tables (contract/routes/*.ts) and their schemas
// (contract/routes/schemas.ts). `npm run docs:openapi` writes it to docs/openapi.json; tests/docs/api-contract.test.ts
// fails when the checked-in file differs from what this generates (docs/decisions/0250-one-route-table.md).
import { z } from "zod";
import type { $ZodType } from "zod/v4/core";
import { AREA_ROLES } from "../roles";
import type { Access, Endpoint } from "./endpoint";
import { type API, declaredRoutes } from "./index";
import { ROUTE_SCHEMAS, type RouteSchemas } from "./schemas";

type Json = Record<string, unknown>;

const TAGS: Record<keyof typeof API, string> = {
  settings: "The journal's settings, images and copyright form (docs/api.md)",
  indexing: "Indexing partners",
  dashboard: "The admin dashboard",
  editors: "The editorial board",
  archive: "Issues, articles, sections and search",
  fulltext: "An article's full text from the Word file, and its structured references",
  documents: "Generated PDF documents: certificates, cover pages, the editorial board, index pages",
  scholarly: "Crossref deposits and DOAJ's article XML",
  stats: "Usage statistics (COUNTER R5.1 counting)",
  sushi: "COUNTER_SUSHI API R5.1: paths and answers are COUNTER's (tests/schemas/counter/COUNTER_API.json); keys made by staff",
  workflow: "Submissions, manuscripts, reviewers, mail and decision letters",
  payments: "Publication fees: invoices, Razorpay and Stripe webhooks, bank transfers and waivers",
  auth: "Staff sign-in",
  staff: "A journal's staff accounts, managed by its managers",
  transfer: "Imports and exports of a journal (OJS Native XML, spreadsheets), as jobs",
  platform: "The platform console (platform hosts only)",
  platformStaff: "A journal's staff accounts, managed by the platform's operators",
  platformTransfer: "Imports and exports of any journal, by the platform's operators",
};

const ERROR = { $ref: "#/components/schemas/Error" };
const errorAnswer = (description: string) => ({ description, content: { "application/json": { schema: ERROR } } });

/** A Zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without its own $schema. */
function jsonSchema(schema: $ZodType, io: "input" | "output"): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as Json;
  return rest;
}

function security(access: Access): Json[] | undefined {
  switch (access.kind) {
    case "public":
      return [];
    case "staff":
    case "account":
      return [{ staffToken: [] }];
    case "operator":
      return [{ operatorToken: [] }];
    case "link":
      return [{ reviewLink: [] }, { trackLink: [] }, {}];
    case "sushiKey":
      return [{ sushiKey: [] }];
  }
}

/** Who may call, in words, for the operation's description. */
function whoMay(access: Access): string {
  switch (access.kind) {
    case "public":
      return "Public.";
    case "staff":
      return `Staff of the Host's journal whose role is ${AREA_ROLES[access.area]} or above (area "${access.area}", contract/roles.ts); 401 without a token, 403 forbidden_role below it.`;
    case "account":
      return "Any signed-in staff account of the Host's journal, also one still on a one-time password; 401 without a token.";
    case "operator":
      return "A platform operator, on the platform's hosts only; 401 without an operator token.";
    case "link":
      return "Anyone holding the signed link (its token in the body); the link's cookie is set in the answer.";
    case "sushiKey":
      return "A COUNTER_SUSHI API key of the journal (api_key) with customer_id, as COUNTER's API defines them.";
  }
}

const MEDIA: Record<Endpoint["body"], string | null> = {
  json: "application/json",
  form: "multipart/form-data",
  bytes: "application/octet-stream",
  none: null,
};

function operation(group: string, name: string, route: Endpoint, schemas: RouteSchemas | undefined): Json {
  const parameters: Json[] = [...route.path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map(([, param]) => ({
    name: param,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  if (schemas?.query) {
    const query = jsonSchema(schemas.query, "input") as { properties?: Record<string, Json>; required?: string[] };
    for (const [param, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name: param, in: "query", required: (query.required ?? []).includes(param), schema });
    }
  }
  const op: Json = {
    operationId: `${group}.${name}`,
    tags: [group],
    summary: route.summary,
    description: whoMay(route.access),
    security: security(route.access),
  };
  if (route.access.kind === "staff") op["x-staff-role"] = AREA_ROLES[route.access.area];
  if (parameters.length) op.parameters = parameters;
  const media = MEDIA[route.body];
  if (media) {
    const schema = schemas?.body
      ? jsonSchema(schemas.body, "input")
      : route.body === "bytes"
        ? { type: "string", contentEncoding: "binary" }
        : { type: "object" };
    op.requestBody = { required: true, content: { [media]: { schema } } };
  }
  const responses: Json = {};
  if (route.answer === "empty") responses["204"] = { description: "Done; no content" };
  else if (route.answer === "file") {
    responses["200"] = {
      description: "The file",
      content: { [route.fileType ?? "application/octet-stream"]: { schema: { type: "string", contentEncoding: "binary" } } },
    };
  } else {
    responses["200"] = {
      description: "Success (201 when something is created)",
      content: { "application/json": { schema: schemas?.answer ? jsonSchema(schemas.answer, "output") : {} } },
    };
  }
  if (["staff", "account", "operator"].includes(route.access.kind))
    responses["401"] = errorAnswer("No valid token: { error: unauthorized }");
  if (route.access.kind === "staff") responses["403"] = errorAnswer("The role may not use this: { error: forbidden_role }");
  responses["4XX"] = errorAnswer("Refused: { error: <code> } (docs/api.md lists the codes)");
  op.responses = responses;
  return op;
}

/** The whole document; the same input always gives the same output (key order included). */
export function openApiDocument(): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const { group, name, route } of declaredRoutes()) {
    const schemas = (ROUTE_SCHEMAS as Record<string, Record<string, RouteSchemas> | undefined>)[group]?.[name];
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = operation(group, name, route, schemas);
  }
  const sorted = Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((p) => [p, paths[p]]),
  );
  return {
    openapi: "3.1.0",
    info: {
      title: "journal-edge API",
      version: "1",
      description:
        "One Worker answers every journal's hosts; each request is scoped to the journal its Host names. Generated from contract/routes/ by `npm run docs:openapi`; docs/api.md is the guide.",
    },
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths: sorted,
    components: {
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: { error: { type: "string", description: "A stable code, e.g. not_found, invalid_input" } },
        },
      },
      securitySchemes: {
        staffToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "A staff token from POST /auth/login" },
        operatorToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "An operator token from POST /api/platform/auth/login",
        },
        reviewLink: { type: "apiKey", in: "cookie", name: "wf_review", description: "A reviewer's signed link (docs/decisions/0190)" },
        trackLink: { type: "apiKey", in: "cookie", name: "wf_track", description: "An author's signed link (docs/decisions/0190)" },
        sushiKey: { type: "apiKey", in: "query", name: "api_key", description: "A COUNTER_SUSHI key made at /api/admin/sushi-keys" },
      },
    },
  };
}
