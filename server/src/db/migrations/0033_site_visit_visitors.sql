CREATE TABLE "site_visit_visitors" (
	"order_id" uuid NOT NULL,
	"day" date NOT NULL,
	"keys" text[] NOT NULL,
	CONSTRAINT "site_visit_visitors_order_id_day_pk" PRIMARY KEY("order_id","day")
);
--> statement-breakpoint
ALTER TABLE "site_visit_visitors" ADD CONSTRAINT "site_visit_visitors_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;