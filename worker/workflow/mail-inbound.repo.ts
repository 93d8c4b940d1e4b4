// Mail received for the journals (mail_inbound): replies to the workflow's messages, and mail that matched nothing.
import type { Db } from "../core/env";
import { mailInbound, type MailInboundRow } from "../core/data/schema";

export async function storeInbound(db: Db, values: typeof mailInbound.$inferInsert): Promise<MailInboundRow> {
  const [row] = await db.insert(mailInbound).values(values).returning();
  return row;
}
