CREATE TABLE "custom_domain_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text NOT NULL,
	"ok" boolean NOT NULL,
	"details" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"has_own_domain" boolean NOT NULL,
	"state" text NOT NULL,
	"failure" text,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"check_lease_until" timestamp with time zone,
	"failed_validations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certificate_pem" text,
	"private_key_enc" text,
	"certificate_expires_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_domain_checks" ADD CONSTRAINT "custom_domain_checks_domain_id_custom_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."custom_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_domain_checks_domain_idx" ON "custom_domain_checks" USING btree ("domain_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_order_unique" ON "custom_domains" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_domain_unique" ON "custom_domains" USING btree ("domain");--> statement-breakpoint
-- Requests made before the state machine: a domain the customer owns waits for its records and
-- is checked from the next start on; one to buy waits for the agency (one order per domain: the
-- first request of a name wins).
INSERT INTO "custom_domains" ("order_id", "domain", "has_own_domain", "state", "next_check_at")
SELECT DISTINCT ON (o."custom_domain") o."id", o."custom_domain", coalesce(r."has_own_domain", false),
  CASE WHEN coalesce(r."has_own_domain", false) THEN 'dns_pending' ELSE 'requested' END,
  CASE WHEN coalesce(r."has_own_domain", false) THEN now() END
FROM "orders" o
LEFT JOIN LATERAL (SELECT "has_own_domain" FROM "domain_requests" d WHERE d."order_id" = o."id" ORDER BY d."id" DESC LIMIT 1) r ON true
WHERE o."custom_domain" IS NOT NULL AND o."custom_domain_status" IS NOT NULL
ORDER BY o."custom_domain", o."created_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "custom_domain";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "custom_domain_status";