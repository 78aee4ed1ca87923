CREATE TABLE "billing_clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_portal_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"return_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"plan_id" text NOT NULL,
	"amount_ttc_cents" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_invoice_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "subscription_invoices_provider_invoice_id_unique" UNIQUE("provider_invoice_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"plan_id" text NOT NULL,
	"amount_ttc_cents" integer NOT NULL,
	"billing_anchor" timestamp with time zone NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at" timestamp with time zone,
	"pending_plan_id" text,
	"past_due_since" timestamp with time zone,
	"next_retry_at" timestamp with time zone,
	"suspend_at" timestamp with time zone,
	"suspended_at" timestamp with time zone,
	"suspend_reason" text,
	"archive_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"archive_location" text,
	"archive_expires_at" timestamp with time zone,
	"site_state" text DEFAULT 'online' NOT NULL,
	"reminders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"test_card" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "test_card" text;--> statement-breakpoint
ALTER TABLE "billing_portal_sessions" ADD CONSTRAINT "billing_portal_sessions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_invoices_order_idx" ON "subscription_invoices" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_invoices_period_unique" ON "subscription_invoices" USING btree ("order_id","kind","period_start");--> statement-breakpoint
CREATE INDEX "subscriptions_status_idx" ON "subscriptions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "subscriptions_period_end_idx" ON "subscriptions" USING btree ("current_period_end");--> statement-breakpoint
-- Every order is a paid order: each gets an active subscription, anchored on its payment, whose
-- period holds today. The amount is the plan's price with the order's discount, plus 8.5 % VAT
-- (rounded half up per line, as contracts/src/pricing.ts does).
INSERT INTO "subscriptions" ("order_id", "status", "plan_id", "amount_ttc_cents", "billing_anchor",
  "current_period_start", "current_period_end")
SELECT o."id", 'active', o."plan_id", n.net + round(n.net * 8.5 / 100)::int, o."created_at",
  o."created_at" + (m.months * interval '1 month'), o."created_at" + ((m.months + 1) * interval '1 month')
FROM "orders" o
CROSS JOIN LATERAL (SELECT o."monthly_price_cents" - round(o."monthly_price_cents" * o."discount_percent" / 100.0)::int AS net) n
CROSS JOIN LATERAL (SELECT (extract(year FROM age(now(), o."created_at")) * 12 + extract(month FROM age(now(), o."created_at")))::int AS months) m
ON CONFLICT DO NOTHING;
