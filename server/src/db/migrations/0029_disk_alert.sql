ALTER TABLE "sites" ADD COLUMN "disk_alert_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "disk_usage" jsonb;