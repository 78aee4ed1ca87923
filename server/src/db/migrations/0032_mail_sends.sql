CREATE TABLE "mail_sends" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"login" text NOT NULL,
	"sent_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_sends_login_idx" ON "mail_sends" USING btree ("login","sent_at");--> statement-breakpoint
CREATE INDEX "mail_sends_sent_at_idx" ON "mail_sends" USING btree ("sent_at");