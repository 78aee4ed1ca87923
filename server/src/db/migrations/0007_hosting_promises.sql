CREATE TABLE "site_backups" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"subdomain" text NOT NULL,
	"kind" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "site_filled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_backups" ADD CONSTRAINT "site_backups_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_backups_order_idx" ON "site_backups" USING btree ("order_id","created_at");