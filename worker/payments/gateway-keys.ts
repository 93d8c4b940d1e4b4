// A journal's gateway keys, read for use: the secrets decrypted (AES-GCM under the Worker secret, as the Crossref
// password: worker/scholarly/crossref-secret.ts). A gateway without its keys is "not configured".
import type { Db } from "../core/env";
import type { PaymentSettingsRow } from "../core/data/schema";
import { decryptSecret } from "../scholarly/crossref-secret";
import { findPaymentSettings } from "./payments.repo";

export interface GatewayKeys {
  settings: PaymentSettingsRow | undefined;
  razorpay: { keyId: string; keySecret: string | null; webhookSecret: string | null };
  stripe: { secretKey: string | null; webhookSecret: string | null };
}

const open = async (stored: string, secret: string) => (stored ? await decryptSecret(stored, secret) : null);

export async function gatewayKeys(db: Db, journalId: number, workerSecret: string): Promise<GatewayKeys> {
  const s = await findPaymentSettings(db, journalId);
  return {
    settings: s,
    razorpay: {
      keyId: s?.razorpayKeyId ?? "",
      keySecret: s ? await open(s.razorpayKeySecretEnc, workerSecret) : null,
      webhookSecret: s ? await open(s.razorpayWebhookSecretEnc, workerSecret) : null,
    },
    stripe: {
      secretKey: s ? await open(s.stripeSecretKeyEnc, workerSecret) : null,
      webhookSecret: s ? await open(s.stripeWebhookSecretEnc, workerSecret) : null,
    },
  };
}
