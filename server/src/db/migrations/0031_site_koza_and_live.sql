DROP INDEX "orders_directory_idx";--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "koza_status" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
INSERT INTO "sites" ("order_id", "koza_status", "activated_at")
SELECT "id", "koza_status", "activated_at" FROM "orders"
WHERE "koza_status" IS NOT NULL OR "activated_at" IS NOT NULL
ON CONFLICT ("order_id") DO UPDATE SET "koza_status" = excluded."koza_status", "activated_at" = excluded."activated_at";--> statement-breakpoint
CREATE INDEX "sites_directory_idx" ON "sites" USING btree ("activated_at" DESC NULLS FIRST,"order_id" DESC NULLS FIRST) WHERE koza_status = 'completed' or filled_at is not null;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "koza_status";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "activated_at";