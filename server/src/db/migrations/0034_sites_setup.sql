DROP INDEX "orders_status_created_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment" jsonb DEFAULT '{"status":"pending","timestamp":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "setup" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "steps" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Every order row is a paid purchase (only a completed payment makes one): its payment step as
-- recorded, or a completed one with no time for an order that recorded none.
UPDATE "orders" SET "payment" = coalesce("steps"->'payment', '{"status":"completed","timestamp":null}'::jsonb);--> statement-breakpoint
INSERT INTO "sites" ("order_id", "setup", "steps")
SELECT "id", "status", "steps" - 'payment' FROM "orders"
ON CONFLICT ("order_id") DO UPDATE SET "setup" = excluded."setup", "steps" = excluded."steps";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "steps";
