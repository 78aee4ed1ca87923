ALTER TABLE "orders" ADD COLUMN "kit" jsonb;--> statement-breakpoint
-- Sites made before the kit step had no kit to apply then: their step counts as done.
UPDATE "orders" SET "steps" = "steps" || jsonb_build_object('kit', "steps"->'email') WHERE "steps" ? 'email';
