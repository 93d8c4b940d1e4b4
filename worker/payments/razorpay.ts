// Razorpay (INR), the client (issue 49 item 3, docs/decisions/0330), as its documents describe it:
//   POST {api}/v1/orders            {amount (paise), currency, receipt, notes} → an order (id "order_…")
//   GET  {api}/v1/orders/{id}/payments                                          → the order's payments
//   GET  {api}/v1/payments/{id}                                                 → one payment
//   Hosted Checkout: a form POSTed to {api}/v1/checkout/embedded (key_id, order_id, callback_url, cancel_url…);
//   Razorpay POSTs razorpay_payment_id, razorpay_order_id and razorpay_signature back to callback_url, where
//   razorpay_signature = hex HMAC-SHA256 of "order_id|payment_id" under the key secret.
//   Webhooks: X-Razorpay-Signature = hex HMAC-SHA256 of the raw body under the webhook secret.
// HTTP Basic auth with the key id and secret. {api} is https://api.razorpay.com, or the local stand-in.

export interface RazorpayKeys {
  api: string;
  keyId: string;
  keySecret: string;
}

export interface RazorpayOrder {
  id: string;
  amount: number;
  amount_paid?: number;
  currency: string;
  receipt?: string | null;
  status: string;
  notes?: Record<string, string> | unknown[];
}

export interface RazorpayPayment {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  status: string;
  captured?: boolean;
  notes?: Record<string, string> | unknown[];
}

export class GatewayError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(k: RazorpayKeys, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${k.api}/v1${path}`, {
      method,
      headers: {
        Authorization: `Basic ${btoa(`${k.keyId}:${k.keySecret}`)}`,
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    throw new GatewayError(0, `Razorpay could not be reached: ${String((err as Error)?.message ?? err)}`);
  }
  const text = await res.text();
  if (!res.ok) {
    let description = text.slice(0, 300);
    try {
      description = (JSON.parse(text) as { error?: { description?: string } }).error?.description ?? description;
    } catch {
      /* not JSON */
    }
    throw new GatewayError(res.status, `Razorpay answered ${res.status}: ${description}`);
  }
  return JSON.parse(text) as T;
}

export const createOrder = (k: RazorpayKeys, o: { amount: number; currency: string; receipt: string; notes: Record<string, string> }) =>
  call<RazorpayOrder>(k, "POST", "/orders", o);

export const orderPayments = async (k: RazorpayKeys, orderId: string) =>
  (await call<{ items: RazorpayPayment[] }>(k, "GET", `/orders/${encodeURIComponent(orderId)}/payments`)).items ?? [];

export const fetchPayment = (k: RazorpayKeys, paymentId: string) =>
  call<RazorpayPayment>(k, "GET", `/payments/${encodeURIComponent(paymentId)}`);

/** Where the Hosted Checkout form posts. */
export const checkoutAction = (api: string) => `${api}/v1/checkout/embedded`;

const encoder = new TextEncoder();

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compares two hex strings in time independent of where they differ. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length || !/^[0-9a-f]+$/i.test(b)) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** X-Razorpay-Signature against the raw body. */
export async function webhookSignatureValid(rawBody: string, signature: string | undefined, webhookSecret: string): Promise<boolean> {
  if (!signature || !webhookSecret) return false;
  return sameHex(await hmacHex(webhookSecret, rawBody), signature.trim().toLowerCase());
}

/** The callback's razorpay_signature: the order and payment ids signed with the key secret. */
export async function checkoutSignatureValid(orderId: string, paymentId: string, signature: string, keySecret: string): Promise<boolean> {
  if (!orderId || !paymentId || !signature || !keySecret) return false;
  return sameHex(await hmacHex(keySecret, `${orderId}|${paymentId}`), signature.trim().toLowerCase());
}

export const signWebhook = hmacHex;
