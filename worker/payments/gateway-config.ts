// Where the gateways' APIs are: wrangler vars RAZORPAY_API_BASE and STRIPE_API_BASE, the real endpoints unless
// `npm start` or the tests point them at the local stand-ins (tests/payment-standins.ts). Chosen by configuration,
// never by asking whether this is a test.
export const REAL_GATEWAYS = { razorpayApi: "https://api.razorpay.com", stripeApi: "https://api.stripe.com" } as const;

export function paymentGatewaysOf(env: { RAZORPAY_API_BASE?: string; STRIPE_API_BASE?: string }) {
  return {
    razorpayApi: (env.RAZORPAY_API_BASE || REAL_GATEWAYS.razorpayApi).replace(/\/+$/, ""),
    stripeApi: (env.STRIPE_API_BASE || REAL_GATEWAYS.stripeApi).replace(/\/+$/, ""),
  };
}
