CREATE TABLE "invoice_documents" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"factur_x" boolean NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_sequences" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"kind" text NOT NULL,
	"origin" text NOT NULL,
	"order_id" uuid NOT NULL,
	"credited_invoice_id" uuid,
	"source_ref" text NOT NULL,
	"issued_at" timestamp (3) with time zone NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"payment_method" text NOT NULL,
	"period_start" date,
	"period_end" date,
	"content" jsonb NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"previous_hash" text,
	"hash" text NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_source_ref_unique" UNIQUE("source_ref"),
	CONSTRAINT "invoices_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "immediate_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_sequence_unique" ON "invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
-- Invoices and their PDFs are written once: a correction or a refund is a credit note (CGI).
CREATE FUNCTION "refuse_invoice_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'une facture émise ne se modifie ni ne se supprime (%): émettez un avoir', TG_TABLE_NAME
    USING ERRCODE = 'P0001';
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_immutable" BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "refuse_invoice_change"();--> statement-breakpoint
CREATE TRIGGER "invoice_documents_immutable" BEFORE UPDATE OR DELETE ON "invoice_documents"
  FOR EACH ROW EXECUTE FUNCTION "refuse_invoice_change"();
