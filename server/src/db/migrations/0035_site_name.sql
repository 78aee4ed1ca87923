ALTER TABLE "sites" ADD COLUMN "name" text;--> statement-breakpoint
-- Every order's site gets its name: the row made by 0034 or since, or a new one for an order
-- whose site had recorded nothing yet (its setup pending, no steps, as it read before).
INSERT INTO "sites" ("order_id", "name")
SELECT "id", "subdomain" FROM "orders"
ON CONFLICT ("order_id") DO UPDATE SET "name" = excluded."name";--> statement-breakpoint
ALTER TABLE "sites" ALTER COLUMN "name" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sites_name_unique" ON "sites" USING btree ("name");--> statement-breakpoint
-- The search columns folded the subdomain; they keep what is the order's, and the searches add
-- the site's name (decision 0109).
ALTER TABLE "orders" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "directory_text";--> statement-breakpoint
DROP INDEX "orders_subdomain_unique";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "subdomain";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(customer_email || ' ' || customer_name), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸ', 'aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuyy')) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "directory_text" text GENERATED ALWAYS AS (translate(lower(company_name || ' ' || coalesce(city, '') || ' ' || coalesce(category, '')), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸ', 'aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuyy')) STORED;
