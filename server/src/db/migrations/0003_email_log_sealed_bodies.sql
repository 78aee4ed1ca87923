ALTER TABLE "email_log" ADD COLUMN "sealed_html" text;--> statement-breakpoint
-- Bodies already delivered keep only their display copy: the same masking as mail/email-display-copy.ts.
-- Rows still queued keep their clear body until the sender delivers them and masks it.
UPDATE "email_log" SET "html" = regexp_replace(regexp_replace(regexp_replace("html",
  '([?&](amp;)?([A-Za-z0-9_-]*token|session_id|password|secret|key)=)[^&#[:space:]"''<>]*', '\1[masqué]', 'gi'),
  '(/(api/order-status|api/test-checkout|paiement-test)/)[^/?#[:space:]"''<>]+', '\1[masqué]', 'gi'),
  '\mcs_(local|test|live)_[A-Za-z0-9_-]+', '[masqué]', 'g')
WHERE "status" <> 'queued';
