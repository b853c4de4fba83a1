CREATE TABLE "brand_customs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_use" integer DEFAULT 0 NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"order_pic" text DEFAULT '' NOT NULL,
	"artwork" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"skype" text DEFAULT '' NOT NULL,
	"whatsapp" text DEFAULT '' NOT NULL,
	"diao_pai_info" text DEFAULT '' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_customs_status_check" CHECK ("brand_customs"."status" in (0, 1, 5)),
	CONSTRAINT "brand_customs_is_use_check" CHECK ("brand_customs"."is_use" in (0, 1) and ("brand_customs"."is_use" = 0 or "brand_customs"."status" = 5)),
	CONSTRAINT "brand_customs_price_check" CHECK ("brand_customs"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "brand_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"custom_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"choice" text DEFAULT '' NOT NULL,
	"picture" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "brand_order_items_quantity_check" CHECK ("brand_order_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "brand_payments" (
	"payment_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"custom_id" integer NOT NULL,
	"confirmation_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_customs" ADD CONSTRAINT "brand_customs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_order_items" ADD CONSTRAINT "brand_order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_order_items" ADD CONSTRAINT "brand_order_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_order_items" ADD CONSTRAINT "brand_order_items_custom_id_brand_customs_id_fk" FOREIGN KEY ("custom_id") REFERENCES "public"."brand_customs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_payments" ADD CONSTRAINT "brand_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_payments" ADD CONSTRAINT "brand_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_payments" ADD CONSTRAINT "brand_payments_custom_id_brand_customs_id_fk" FOREIGN KEY ("custom_id") REFERENCES "public"."brand_customs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brand_customs_user_package_idx" ON "brand_customs" USING btree ("user_id","package_id");--> statement-breakpoint
CREATE INDEX "brand_order_items_order_idx" ON "brand_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "brand_order_items_custom_idx" ON "brand_order_items" USING btree ("custom_id");--> statement-breakpoint
CREATE INDEX "brand_payments_custom_idx" ON "brand_payments" USING btree ("custom_id");