CREATE TABLE "material_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_tags" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_backgrounds" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" integer NOT NULL,
	"url" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sort" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_materials" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tag_ids" integer[] NOT NULL,
	"kind" text NOT NULL,
	"palette" text NOT NULL,
	"finish" text NOT NULL,
	"url" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sort" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "material_collections" ADD CONSTRAINT "material_collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "material_collections_user_material_idx" ON "material_collections" USING btree ("user_id","material_id");--> statement-breakpoint
CREATE INDEX "material_collections_user_created_idx" ON "material_collections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "platform_backgrounds_type_idx" ON "platform_backgrounds" USING btree ("type","sort");--> statement-breakpoint
CREATE INDEX "platform_materials_tags_idx" ON "platform_materials" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "platform_materials_sort_idx" ON "platform_materials" USING btree ("sort","id");