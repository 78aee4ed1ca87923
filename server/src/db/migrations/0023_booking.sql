CREATE TABLE "booking_settings" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"feed_token_enc" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"service" text NOT NULL,
	"price_cents" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"note" text NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"cancel_token_enc" text NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_ends_after_start" CHECK (ends_at > starts_at)
);
--> statement-breakpoint
ALTER TABLE "email_log" ADD COLUMN "sealed_attachments" text;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_order_start_idx" ON "bookings" USING btree ("order_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_confirmed_start_unique" ON "bookings" USING btree ("order_id","starts_at") WHERE status = 'confirmed';