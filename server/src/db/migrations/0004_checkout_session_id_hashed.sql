ALTER TABLE "checkout_sessions" DROP CONSTRAINT "checkout_sessions_provider_session_id_unique";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "provider_session_hash" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "provider_session_enc" text;--> statement-breakpoint
-- Existing session ids keep working as lookup keys: the same hash as checkout/checkout-session-id.ts.
-- Their sealed copy needs SECRET_KEY, which SQL does not have: it stays null, and such a checkout
-- (open at most until its expiry) just cannot be closed early at the provider.
UPDATE "checkout_sessions" SET "provider_session_hash" = encode(sha256(convert_to("provider_session_id", 'UTF8')), 'hex')
WHERE "provider_session_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" DROP COLUMN "provider_session_id";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_provider_session_hash_unique" UNIQUE("provider_session_hash");
