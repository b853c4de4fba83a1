CREATE TABLE "my_product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"my_product_id" integer NOT NULL,
	"view_id" text NOT NULL,
	"view_name" text DEFAULT '' NOT NULL,
	"color_value" text DEFAULT '' NOT NULL,
	"color_name" text DEFAULT '' NOT NULL,
	"sku_id" text DEFAULT '' NOT NULL,
	"optionsval" text DEFAULT '' NOT NULL,
	"optionsid" text DEFAULT '' NOT NULL,
	"variant_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"url" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "my_product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"my_product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"position" integer NOT NULL,
	"option1" text,
	"option2" text,
	"option3" text,
	"sku" text NOT NULL,
	"cost_cents" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"image_id" integer
);
--> statement-breakpoint
CREATE TABLE "my_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"shop_id" integer,
	"productfid" integer NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"source_template_id" integer,
	"title" text NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"edit_obj" text,
	"edit_obj_url" text,
	"printtype" integer,
	"custom_type" integer,
	"section_type" integer,
	"prototype_group_id" text,
	"prototype_group_name" text DEFAULT '' NOT NULL,
	"color_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_rules" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"multiplier_pct" integer NOT NULL,
	"markup_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "my_product_images" ADD CONSTRAINT "my_product_images_my_product_id_my_products_id_fk" FOREIGN KEY ("my_product_id") REFERENCES "public"."my_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "my_product_variants" ADD CONSTRAINT "my_product_variants_my_product_id_my_products_id_fk" FOREIGN KEY ("my_product_id") REFERENCES "public"."my_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "my_products" ADD CONSTRAINT "my_products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_rules" ADD CONSTRAINT "price_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "my_product_images_product_idx" ON "my_product_images" USING btree ("my_product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "my_product_variants_variant_idx" ON "my_product_variants" USING btree ("my_product_id","variant_id");--> statement-breakpoint
CREATE INDEX "my_products_user_idx" ON "my_products" USING btree ("user_id","is_template","updated_at");