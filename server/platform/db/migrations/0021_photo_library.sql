CREATE TABLE "my_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"url" text NOT NULL,
	"thumbnail_url" text,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"edit_obj" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "my_photos" ADD CONSTRAINT "my_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "my_photos_user_url_idx" ON "my_photos" USING btree ("user_id","url");--> statement-breakpoint
CREATE INDEX "my_photos_user_idx" ON "my_photos" USING btree ("user_id","updated_at");