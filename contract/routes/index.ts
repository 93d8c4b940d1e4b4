// Every route table of the API, by concern (contract/routes/endpoint.ts). Read by the OpenAPI generator and the
// route-walk test; the SPA imports a concern's table directly (so a page carries only the tables it uses).
import type { Endpoint } from "./endpoint";
import { archiveApi } from "./archive";
import { authApi, staffApi } from "./auth";
import { documentsApi } from "./documents";
import { editorsApi } from "./editors";
import { dashboardApi, indexingApi, settingsApi } from "./journals";
import { platformApi, platformStaffApi, platformTransferApi } from "./platform";
import { scholarlyApi } from "./scholarly";
import { statsApi } from "./statistics";
import { sushiApi } from "./sushi";
import { transferApi } from "./transfer";
import { workflowApi } from "./workflow";
import { paymentsApi } from "./payments";
import { fulltextApi } from "./fulltext";

/** Each table with its name, which is the OpenAPI tag and the first half of each operationId. */
export const API = {
  settings: settingsApi,
  indexing: indexingApi,
  dashboard: dashboardApi,
  editors: editorsApi,
  archive: archiveApi,
  fulltext: fulltextApi,
  documents: documentsApi,
  scholarly: scholarlyApi,
  stats: statsApi,
  sushi: sushiApi,
  workflow: workflowApi,
  payments: paymentsApi,
  auth: authApi,
  staff: staffApi,
  transfer: transferApi,
  platform: platformApi,
  platformStaff: platformStaffApi,
  platformTransfer: platformTransferApi,
} as const;

export interface DeclaredRoute {
  group: string;
  name: string;
  route: Endpoint;
}

/** Every declared endpoint, in table order. */
export const declaredRoutes = (): DeclaredRoute[] =>
  Object.entries(API).flatMap(([group, table]) =>
    Object.entries(table as Record<string, Endpoint>).map(([name, route]) => ({ group, name, route })),
  );
