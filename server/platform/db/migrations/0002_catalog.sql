CREATE TABLE "catalog_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"icon" text NOT NULL,
	"sort" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"in_menu" boolean DEFAULT true NOT NULL,
	"has_sub_menu" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_images" (
	"id" integer PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"custom_type" integer NOT NULL,
	"template_id" integer NOT NULL,
	"section_type" integer,
	"prototype_group_id" text,
	"prototype_group_name" text NOT NULL,
	"section_name" text NOT NULL,
	"color_name" text NOT NULL,
	"imgname" text NOT NULL,
	"src" text NOT NULL,
	"iscolor" integer NOT NULL,
	"isoverlay" integer NOT NULL,
	"editimgwidth" integer NOT NULL,
	"editimgheight" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_products" (
	"id" integer PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"body_html" text NOT NULL,
	"archetype" text NOT NULL,
	"custom_type" integer NOT NULL,
	"category_id" integer NOT NULL,
	"subcategory_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"ship_flag" integer NOT NULL,
	"ship_from" text NOT NULL,
	"default_logistics_id" integer NOT NULL,
	"logistics" jsonb NOT NULL,
	"properties" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"custom_info" jsonb NOT NULL,
	"pic1" text NOT NULL,
	"min_cost" integer NOT NULL,
	"max_cost" integer NOT NULL,
	"hot_selling" boolean NOT NULL,
	"is_3d" boolean NOT NULL,
	"customized_gift" boolean NOT NULL,
	"sales" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_subcategories" (
	"id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"icon" text NOT NULL,
	"sort" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"hot" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_templates" (
	"id" integer PRIMARY KEY NOT NULL,
	"archetype" text NOT NULL,
	"name" text NOT NULL,
	"custom_type" integer NOT NULL,
	"cover" text NOT NULL,
	"template" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_variants" (
	"id" integer PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"option1" text,
	"option2" text,
	"option3" text,
	"images_id" integer,
	"cost" integer NOT NULL,
	"sku" text NOT NULL,
	"weight_grams" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_images" ADD CONSTRAINT "catalog_images_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_images" ADD CONSTRAINT "catalog_images_template_id_catalog_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."catalog_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_category_id_catalog_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."catalog_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_subcategory_id_catalog_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."catalog_subcategories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_template_id_catalog_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."catalog_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_subcategories" ADD CONSTRAINT "catalog_subcategories_category_id_catalog_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."catalog_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_variants" ADD CONSTRAINT "catalog_variants_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_categories_slug_idx" ON "catalog_categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "catalog_images_product_idx" ON "catalog_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_products_handle_idx" ON "catalog_products" USING btree ("handle");--> statement-breakpoint
CREATE INDEX "catalog_products_category_idx" ON "catalog_products" USING btree ("category_id","created_at");--> statement-breakpoint
CREATE INDEX "catalog_products_subcategory_idx" ON "catalog_products" USING btree ("subcategory_id","created_at");--> statement-breakpoint
CREATE INDEX "catalog_products_custom_type_idx" ON "catalog_products" USING btree ("custom_type");--> statement-breakpoint
CREATE INDEX "catalog_products_ship_from_idx" ON "catalog_products" USING btree ("ship_from");--> statement-breakpoint
CREATE INDEX "catalog_products_min_cost_idx" ON "catalog_products" USING btree ("min_cost");--> statement-breakpoint
CREATE INDEX "catalog_products_created_idx" ON "catalog_products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "catalog_products_sales_idx" ON "catalog_products" USING btree ("sales");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_subcategories_slug_idx" ON "catalog_subcategories" USING btree ("category_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_templates_archetype_idx" ON "catalog_templates" USING btree ("archetype");--> statement-breakpoint
CREATE INDEX "catalog_variants_product_idx" ON "catalog_variants" USING btree ("product_id","position");