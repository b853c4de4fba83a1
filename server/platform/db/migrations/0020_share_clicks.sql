CREATE TABLE "share_clicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"share_code" text DEFAULT '' NOT NULL,
	"inviter_id" integer,
	"visitor" text NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "share_clicks" ADD CONSTRAINT "share_clicks_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_clicks_visit_idx" ON "share_clicks" USING btree ("type","share_code","visitor","day");--> statement-breakpoint
CREATE INDEX "share_clicks_inviter_idx" ON "share_clicks" USING btree ("inviter_id","type");