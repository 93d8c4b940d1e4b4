// The verification block every issued certificate carries: the code signed for what the certificate states and
// the address of its /verify page on the journal's own domain (docs/decisions/0170-certificate-verification.md).
import type { Context } from "hono";
import type { AppEnv } from "../core/env";
import { HttpError } from "../core/errors";
import { publicOrigin } from "../scholarly/origin";
import { verifyPathOf } from "#contract/verify-code";
import { categoryPosition, signCertificateCode, type CertificateSubject } from "./verification-code";
import type { VerificationMark } from "./verification-mark";

type Subject =
  | { kind: "author"; articleId: number; position: number; name: string }
  | { kind: "editor"; editorId: number; category: string; name: string };

/**
 * The mark for one certificate. The address uses the journal's configured domain (the request's origin locally or
 * when none is set); 503 certificates_not_configured when the Worker has no CERTIFICATE_KEYS: a certificate without
 * its check would look genuine and prove nothing.
 */
export function verificationMark(c: Context<AppEnv>, subject: Subject): VerificationMark {
  const keys = c.var.config.certificateKeys;
  if (!keys) {
    console.error("CERTIFICATE_KEYS is missing or has no usable key: certificates cannot be issued");
    throw new HttpError(503, "certificates_not_configured");
  }
  const journal = c.get("journal");
  const signed: CertificateSubject =
    subject.kind === "author"
      ? { journalId: journal.id, kind: "author", recordId: subject.articleId, position: subject.position, name: subject.name }
      : {
          journalId: journal.id,
          kind: "editor",
          recordId: subject.editorId,
          position: categoryPosition(subject.category),
          name: subject.name,
        };
  const origin = publicOrigin(journal, c.req.url) ?? new URL(c.req.url).origin;
  return { address: `${origin}${verifyPathOf(signCertificateCode(keys, signed))}` };
}
