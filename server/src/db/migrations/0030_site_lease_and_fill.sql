DROP INDEX "orders_directory_idx";--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "filled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "lease_holder" text;--> statement-breakpoint
CREATE INDEX "orders_directory_idx" ON "orders" USING btree ("activated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'active' and directory_opt_in;--> statement-breakpoint
INSERT INTO "sites" ("order_id", "filled_at", "lease_until", "lease_holder")
SELECT "id", "site_filled_at", "provisioning_lease_until", "lease_holder" FROM "orders"
WHERE coalesce("site_filled_at", "provisioning_lease_until") IS NOT NULL OR "lease_holder" IS NOT NULL
ON CONFLICT ("order_id") DO UPDATE SET "filled_at" = excluded."filled_at", "lease_until" = excluded."lease_until", "lease_holder" = excluded."lease_holder";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "site_filled_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "provisioning_lease_until";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "lease_holder";