CREATE TABLE "site_downtimes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_maintenance" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"versions" jsonb,
	"versions_read_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_check_ok" boolean,
	"last_reason" text,
	"failed_checks" integer DEFAULT 0 NOT NULL,
	"first_failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_updates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"result" text NOT NULL,
	"items" jsonb NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb,
	"backup_id" text,
	"detail" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "site_downtimes" ADD CONSTRAINT "site_downtimes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_maintenance" ADD CONSTRAINT "site_maintenance_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_updates" ADD CONSTRAINT "site_updates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_downtimes_order_idx" ON "site_downtimes" USING btree ("order_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "site_downtimes_open_unique" ON "site_downtimes" USING btree ("order_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "site_updates_order_idx" ON "site_updates" USING btree ("order_id","started_at");