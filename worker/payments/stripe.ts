// Stripe (USD), the client (issue 49 item 3, docs/decisions/0330): the official `stripe` package on Workers, with its
// fetch HTTP client and Web Crypto for webhook signatures. Checkout Sessions (mode "payment") carry the journal and
// invoice in their metadata; `checkout.session.completed` and `charge.refunded` come back by webhook, signed in
// Stripe-Signature (t=…,v1=…) and refused outside Stripe's default tolerance of 300 s. The API origin is
// https://api.stripe.com, or the local stand-in (host, port and protocol from STRIPE_API_BASE).
import Stripe from "stripe";

export type StripeEvent = Stripe.Event;
export type StripeSession = Stripe.Checkout.Session;

export function stripeClient(api: string, secretKey: string): Stripe {
  const u = new URL(api);
  const protocol = u.protocol === "http:" ? "http" : "https";
  return new Stripe(secretKey, {
    host: u.hostname,
    port: u.port || (protocol === "http" ? 80 : 443),
    protocol,
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 20_000,
  });
}

const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** The verified event, or null for a missing, wrong or stale signature. */
export async function verifiedEvent(rawBody: string, signature: string | undefined, webhookSecret: string): Promise<StripeEvent | null> {
  if (!signature || !webhookSecret) return null;
  try {
    // Verifying needs no API key: any client will do.
    return await new Stripe("sk_unused", { httpClient: Stripe.createFetchHttpClient() }).webhooks.constructEventAsync(
      rawBody,
      signature,
      webhookSecret,
      300,
      cryptoProvider,
    );
  } catch {
    return null;
  }
}

export async function createSession(
  stripe: Stripe,
  s: {
    amount: number;
    currency: string;
    name: string;
    description: string;
    email: string;
    successUrl: string;
    cancelUrl: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  },
): Promise<StripeSession> {
  return stripe.checkout.sessions.create(
    {
      mode: "payment",
      customer_email: s.email || undefined,
      client_reference_id: s.metadata.invoice_id,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: s.currency.toLowerCase(),
            unit_amount: s.amount,
            product_data: { name: s.name, description: s.description },
          },
        },
      ],
      metadata: s.metadata,
      payment_intent_data: { metadata: s.metadata },
      success_url: s.successUrl,
      cancel_url: s.cancelUrl,
    },
    { idempotencyKey: s.idempotencyKey },
  );
}
