-- Issue 49 (docs/decisions/0330): publication fees paid online.
--   payment_settings: one per journal: whether fees are charged through the site, when they fall due, and each
--     gateway's keys. Secrets (Razorpay key secret and webhook secret, Stripe secret key and webhook secret) are
--     AES-GCM encrypted like the Crossref password (worker/scholarly/crossref-secret.ts) and never answered.
--     The fee amounts stay where they always were: journals.fee_rupee / fee_dollar (Settings).
--   invoices: one per manuscript. Amounts in the currency's minor unit (paise, cents). payment_id is the gateway's
--     payment id (or the typed bank reference): unique per gateway, so a payment never pays two invoices.
--   invoice_checkouts: every Razorpay order / Stripe Checkout Session made for an invoice; an event is believed only
--     for a checkout the Worker made itself, for that invoice, amount and currency.
--   payment_events: each gateway event id once (a replay is ignored), with what was done with it.
CREATE TABLE payment_settings (
  journal_id INTEGER PRIMARY KEY REFERENCES journals (id) ON DELETE CASCADE,
  enabled INTEGER NOT NULL DEFAULT 0,
  -- acceptance | submission
  due_on TEXT NOT NULL DEFAULT 'acceptance',
  due_days INTEGER NOT NULL DEFAULT 14,
  -- Shown on the invoice for payment by bank transfer (staff record such payments by hand).
  bank_details TEXT NOT NULL DEFAULT '',
  razorpay_key_id TEXT NOT NULL DEFAULT '',
  razorpay_key_secret_enc TEXT NOT NULL DEFAULT '',
  razorpay_webhook_secret_enc TEXT NOT NULL DEFAULT '',
  stripe_secret_key_enc TEXT NOT NULL DEFAULT '',
  stripe_webhook_secret_enc TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL
);
CREATE TABLE invoices (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  manuscript_id INTEGER NOT NULL REFERENCES manuscripts (id) ON DELETE CASCADE,
  number TEXT NOT NULL,
  -- The fee when the invoice was raised, and what is due after a partial waiver.
  fee INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  -- INR | USD
  currency TEXT NOT NULL,
  -- pending | paid | waived | refunded
  status TEXT NOT NULL DEFAULT 'pending',
  due_date TEXT NOT NULL,
  -- razorpay | stripe | bank | '' (nothing paid yet, or waived)
  gateway TEXT NOT NULL DEFAULT '',
  payment_id TEXT,
  paid_at TEXT NOT NULL DEFAULT '',
  refunded_at TEXT NOT NULL DEFAULT '',
  -- '' | requested | granted | refused
  waiver_status TEXT NOT NULL DEFAULT '',
  waiver_reason TEXT NOT NULL DEFAULT '',
  waiver_note TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX invoices_manuscript ON invoices (journal_id, manuscript_id);
CREATE UNIQUE INDEX invoices_number ON invoices (journal_id, number);
CREATE UNIQUE INDEX invoices_payment ON invoices (gateway, payment_id) WHERE payment_id IS NOT NULL;
CREATE INDEX invoices_status ON invoices (journal_id, status, created_at);
CREATE TABLE invoice_checkouts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  invoice_id INTEGER NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  gateway TEXT NOT NULL,
  -- Razorpay's order id, Stripe's Checkout Session id.
  checkout_id TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- The last time the daily reconciliation asked the gateway about it.
  checked_at TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX invoice_checkouts_id ON invoice_checkouts (gateway, checkout_id);
CREATE INDEX invoice_checkouts_invoice ON invoice_checkouts (invoice_id);
CREATE TABLE payment_events (
  gateway TEXT NOT NULL,
  event_id TEXT NOT NULL,
  journal_id INTEGER NOT NULL,
  invoice_id INTEGER,
  kind TEXT NOT NULL,
  outcome TEXT NOT NULL,
  received_at TEXT NOT NULL,
  PRIMARY KEY (gateway, event_id)
);
