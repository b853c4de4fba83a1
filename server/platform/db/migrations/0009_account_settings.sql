CREATE TABLE "shop_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" integer NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"has_read" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_messages_type_check" CHECK ("shop_messages"."type" in (1, 2, 3, 4))
);
--> statement-breakpoint
ALTER TABLE "shop_messages" ADD CONSTRAINT "shop_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_messages_user_idx" ON "shop_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "shop_messages_unread_idx" ON "shop_messages" USING btree ("user_id","has_read");