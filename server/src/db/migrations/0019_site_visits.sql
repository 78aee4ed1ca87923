CREATE TABLE "site_visit_analyses" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"analysed_at" timestamp with time zone NOT NULL,
	"complete_through" date
);
--> statement-breakpoint
CREATE TABLE "site_visit_days" (
	"order_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitors" integer NOT NULL,
	"page_views" integer NOT NULL,
	"pages" jsonb NOT NULL,
	"referrers" jsonb NOT NULL,
	"devices" jsonb NOT NULL,
	CONSTRAINT "site_visit_days_order_id_day_pk" PRIMARY KEY("order_id","day")
);
--> statement-breakpoint
ALTER TABLE "site_visit_analyses" ADD CONSTRAINT "site_visit_analyses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_visit_days" ADD CONSTRAINT "site_visit_days_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;