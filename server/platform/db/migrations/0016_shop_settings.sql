CREATE TABLE "merchant_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_ioss" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"ioss_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_ioss" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"ioss_number" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_logistics" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"ship_from" text NOT NULL,
	"logistics_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_logistics_ship_from_check" CHECK ("shop_logistics"."ship_from" in ('CN', 'US', 'AU'))
);
--> statement-breakpoint
ALTER TABLE "merchant_downloads" ADD CONSTRAINT "merchant_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ioss" ADD CONSTRAINT "order_ioss_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ioss" ADD CONSTRAINT "shop_ioss_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_logistics" ADD CONSTRAINT "shop_logistics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_downloads_user_name_idx" ON "merchant_downloads" USING btree ("user_id","file_name");--> statement-breakpoint
CREATE INDEX "merchant_downloads_expires_idx" ON "merchant_downloads" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_logistics_user_dest_idx" ON "shop_logistics" USING btree ("user_id","country_code","ship_from");