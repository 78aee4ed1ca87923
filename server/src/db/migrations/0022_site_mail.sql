ALTER TABLE "orders" ADD COLUMN "site_mail_password_enc" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "site_mail_password_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_email" text;