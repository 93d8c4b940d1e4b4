// The request and answer schemas of the declared endpoints, for the OpenAPI document (contract/routes/openapi.ts).
// Keyed by table and endpoint name, so a name that is not declared does not compile. The schemas are the ones the
// Worker validates with and answers through (contract/*.ts); an endpoint whose schema is private to the Worker, or
// whose answer has no schema yet, is described by its summary and its media type alone.
// Kept apart from the tables themselves (contract/routes/<concern>.ts), which the public pages import without Zod.
import { z } from "zod";
import {
  fulltextAnswerSchema,
  fulltextDraftSchema,
  fulltextPublishSchema,
  referencesAnswerSchema,
  referencesSaveSchema,
} from "../fulltext";
import type { $ZodObject, $ZodType } from "zod/v4/core";
import type { API } from "./index";
import {
  adminArticleSchema,
  adminEventSchema,
  adminIssueSchema,
  adminSearchHitSchema,
  editorAnswerSchema,
  publicArchiveYearSchema,
  publicArticleDetailSchema,
  publicEditorSchema,
  publicIndexingEntrySchema,
  publicIssueArticlesSchema,
  publicSearchResultsSchema,
  publicSettingsSchema,
  submissionAnswerSchema,
} from "../api";
import { articleStatusSchema, createIssueSchema, editorSchema, editorStatusSchema, settingsSchema } from "../admin";
import { articleAddSchema, articleEditSchema } from "../article-form";
import { articleSectionSchema, issuePublicationSchema, sectionOrderSchema, sectionSchema } from "../issues";
import { indexingOrderSchema, indexingSchema, indexingStatusSchema } from "../indexing";
import { editorIdListSchema, refnumberListSchema } from "../documents";
import { loginSchema, passwordChangeSchema } from "../login";
import { itemReportQuerySchema } from "../stats";
import { importJobSchema } from "../transfer";
import { submissionFieldsSchema } from "../submission";
import {
  hostAddSchema,
  hostPatchSchema,
  journalCreateSchema,
  journalDeleteSchema,
  journalEditSchema,
  platformSettingsSchema,
  staffCreateSchema,
  staffEmailSchema,
  staffRoleSchema,
  staffStatusSchema,
} from "../platform";
import {
  decisionSchema,
  inviteReviewerSchema,
  letterTemplateSchema,
  publishedSchema,
  reviewerSchema,
  stageMoveSchema,
  unmatchedQuerySchema,
  workflowSettingsSchema,
} from "../workflow";
import { bankTransferSchema, paymentFilterSchema, paymentListAnswerSchema, paymentSettingsSchema, waiverDecisionSchema } from "../payments";

export interface RouteSchemas {
  /** The JSON body, or the fields of a multipart form. */
  body?: $ZodType;
  query?: $ZodObject;
  /** The JSON answer of a success. */
  answer?: $ZodType;
}

type SchemaTable = { [G in keyof typeof API]?: { [N in keyof (typeof API)[G]]?: RouteSchemas } };

const page = z.object({ q: z.string().optional(), page: z.string().regex(/^\d+$/).optional() });
const staffSchemas = {
  create: { body: staffCreateSchema },
  status: { body: staffStatusSchema },
  role: { body: staffRoleSchema },
  email: { body: staffEmailSchema },
} as const;
const transferSchemas = { createJob: { body: importJobSchema } } as const;

export const ROUTE_SCHEMAS: SchemaTable = {
  settings: { read: { answer: publicSettingsSchema }, save: { body: settingsSchema.partial() } },
  indexing: {
    list: { answer: z.array(publicIndexingEntrySchema) },
    create: { body: indexingSchema },
    update: { body: z.union([indexingSchema, indexingStatusSchema]) },
    adminList: { answer: z.array(publicIndexingEntrySchema) },
    order: { body: indexingOrderSchema },
  },
  dashboard: { events: { query: z.object({ limit: z.string().regex(/^\d+$/).optional() }), answer: z.array(adminEventSchema) } },
  editors: {
    list: { answer: z.array(publicEditorSchema) },
    one: { answer: publicEditorSchema },
    create: { body: editorSchema },
    update: { body: z.union([editorSchema, editorStatusSchema]) },
    adminList: { answer: z.array(editorAnswerSchema) },
    adminOne: { answer: editorAnswerSchema },
  },
  archive: {
    years: { answer: z.array(publicArchiveYearSchema) },
    issue: { answer: publicIssueArticlesSchema },
    byRef: { answer: publicArticleDetailSchema },
    article: { answer: publicArticleDetailSchema },
    search: { query: page, answer: publicSearchResultsSchema },
    adminIssues: { answer: z.array(adminIssueSchema) },
    createIssue: { body: createIssueSchema },
    issuePublication: { body: issuePublicationSchema },
    addArticle: { body: articleAddSchema },
    editArticle: { body: articleEditSchema },
    adminArticle: { answer: adminArticleSchema },
    articleStatus: { body: articleStatusSchema },
    adminSearch: { query: page, answer: publicSearchResultsSchema.extend({ results: z.array(adminSearchHitSchema) }) },
    addSection: { body: sectionSchema },
    sectionOrder: { body: sectionOrderSchema },
    editSection: { body: sectionSchema },
    articleSection: { body: articleSectionSchema },
  },
  fulltext: {
    fulltext: { answer: fulltextAnswerSchema },
    convert: { answer: fulltextAnswerSchema },
    saveDraft: { body: fulltextDraftSchema, answer: fulltextAnswerSchema },
    publish: { body: fulltextPublishSchema, answer: fulltextAnswerSchema },
    references: { answer: referencesAnswerSchema },
    saveReferences: { body: referencesSaveSchema, answer: referencesAnswerSchema },
    matchReferences: { answer: referencesAnswerSchema },
  },
  documents: {
    indexPage: { body: refnumberListSchema },
    bulkCertificates: { body: refnumberListSchema },
    editorsCertificate: { body: editorIdListSchema },
  },
  stats: { report: { query: itemReportQuerySchema } },
  workflow: {
    submit: { body: submissionFieldsSchema, answer: submissionAnswerSchema },
    addManuscript: { body: submissionFieldsSchema },
    stage: { body: stageMoveSchema },
    decision: { body: decisionSchema },
    inviteReviewer: { body: inviteReviewerSchema },
    published: { body: publishedSchema },
    addReviewer: { body: reviewerSchema },
    saveTemplate: { body: letterTemplateSchema },
    saveSettings: { body: workflowSettingsSchema },
    unmatched: { query: unmatchedQuerySchema },
  },
  payments: {
    list: { query: paymentFilterSchema, answer: paymentListAnswerSchema },
    exportCsv: { query: paymentFilterSchema },
    saveSettings: { body: paymentSettingsSchema },
    bankTransfer: { body: bankTransferSchema },
    waiver: { body: waiverDecisionSchema },
  },
  auth: { login: { body: loginSchema }, password: { body: passwordChangeSchema } },
  staff: staffSchemas,
  transfer: transferSchemas,
  platform: {
    login: { body: loginSchema },
    password: { body: passwordChangeSchema },
    createJournal: { body: journalCreateSchema },
    editJournal: { body: journalEditSchema },
    deleteJournal: { body: journalDeleteSchema },
    addHost: { body: hostAddSchema },
    editHost: { body: hostPatchSchema },
    saveSettings: { body: platformSettingsSchema },
  },
  platformStaff: staffSchemas,
  platformTransfer: transferSchemas,
};
