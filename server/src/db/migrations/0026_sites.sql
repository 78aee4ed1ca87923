CREATE TABLE "sites" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"host" text,
	"wp_admin_url" text,
	"wp_username" text,
	"wp_password_enc" text,
	"wp_app_password_enc" text,
	"mail_password_enc" text,
	"mail_password_hash" text,
	"contact_email" text,
	"kit" jsonb,
	"screenshot_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "sites" ("order_id", "host", "wp_admin_url", "wp_username", "wp_password_enc", "wp_app_password_enc", "mail_password_enc", "mail_password_hash", "contact_email", "kit", "screenshot_at")
SELECT "id", "wordpress_host", "wp_admin_url", "wp_username", "wp_password_enc", "wp_app_password_enc", "site_mail_password_enc", "site_mail_password_hash", "contact_email", "kit", "screenshot_at" FROM "orders"
WHERE coalesce("wordpress_host", "wp_admin_url", "wp_username", "wp_password_enc", "wp_app_password_enc", "site_mail_password_enc", "site_mail_password_hash", "contact_email", "kit"::text, "screenshot_at"::text) IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "kit";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "wordpress_host";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "wp_admin_url";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "wp_username";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "wp_password_enc";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "wp_app_password_enc";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "site_mail_password_enc";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "site_mail_password_hash";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "contact_email";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "screenshot_at";