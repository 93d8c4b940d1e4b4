// The custom-hostname columns of a journal_domains row made by INSERT ... SELECT (drizzle's insert-select names every
// column): a host without a custom hostname yet (decision 0356). Shared by every repo that inserts hosts that way.
import { sql } from "drizzle-orm";

export const noCustomHostnameColumns = () => ({
  hostnameId: sql<null>`NULL`.as("hostname_id"),
  hostnameStatus: sql<null>`NULL`.as("hostname_status"),
  certificateStatus: sql<null>`NULL`.as("certificate_status"),
  dnsRecords: sql<string>`'[]'`.as("dns_records"),
  hostnameProblem: sql<null>`NULL`.as("hostname_problem"),
  hostnameError: sql<null>`NULL`.as("hostname_error"),
  hostnameCheckedAt: sql<null>`NULL`.as("hostname_checked_at"),
});
