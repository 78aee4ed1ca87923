ALTER TABLE "site_backups" ADD COLUMN "mail_snapshot_id" text;
