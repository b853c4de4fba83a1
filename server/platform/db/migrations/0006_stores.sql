CREATE TABLE "store_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer,
	"user_id" integer,
	"platform" text NOT NULL,
	"domain" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"email" text,
	"external_id" text,
	"access_token_enc" text NOT NULL,
	"secret_enc" text,
	"token_expires_at" timestamp with time zone,
	"webhook_secret_enc" text,
	"scopes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"claim_token_hash" text,
	"claim_expires_at" timestamp with time zone,
	"orders_pulled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_connections_platform_check" CHECK ("store_connections"."platform" in ('shopify', 'etsy', 'woocommerce')),
	CONSTRAINT "store_connections_status_check" CHECK ("store_connections"."status" in ('active', 'reauthorize', 'uninstalled'))
);
--> statement-breakpoint
CREATE TABLE "store_oauth_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"platform" text NOT NULL,
	"user_id" integer,
	"domain" text DEFAULT '' NOT NULL,
	"verifier_enc" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_order_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"external_order_id" text NOT NULL,
	"external_name" text DEFAULT '' NOT NULL,
	"order_id" integer,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_product_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"my_product_id" integer NOT NULL,
	"external_product_id" text NOT NULL,
	"variant_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"pushed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_push_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"my_product_id" integer NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"message" text DEFAULT '' NOT NULL,
	"has_read" integer DEFAULT 0 NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "store_push_jobs_action_check" CHECK ("store_push_jobs"."action" in ('push', 'downshelf')),
	CONSTRAINT "store_push_jobs_status_check" CHECK ("store_push_jobs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "store_connections" ADD CONSTRAINT "store_connections_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_connections" ADD CONSTRAINT "store_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_oauth_states" ADD CONSTRAINT "store_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_imports" ADD CONSTRAINT "store_order_imports_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_imports" ADD CONSTRAINT "store_order_imports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product_links" ADD CONSTRAINT "store_product_links_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_push_jobs" ADD CONSTRAINT "store_push_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_push_jobs" ADD CONSTRAINT "store_push_jobs_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_connections_store_idx" ON "store_connections" USING btree ("platform","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "store_connections_shop_idx" ON "store_connections" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_connections_claim_idx" ON "store_connections" USING btree ("claim_token_hash");--> statement-breakpoint
CREATE INDEX "store_connections_user_idx" ON "store_connections" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_oauth_states_hash_idx" ON "store_oauth_states" USING btree ("state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "store_order_imports_external_idx" ON "store_order_imports" USING btree ("shop_id","external_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_product_links_product_idx" ON "store_product_links" USING btree ("shop_id","my_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_product_links_external_idx" ON "store_product_links" USING btree ("shop_id","external_product_id");--> statement-breakpoint
CREATE INDEX "store_push_jobs_due_idx" ON "store_push_jobs" USING btree ("status","next_run_at");--> statement-breakpoint
CREATE INDEX "store_push_jobs_user_idx" ON "store_push_jobs" USING btree ("user_id","shop_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_push_jobs_open_idx" ON "store_push_jobs" USING btree ("shop_id","my_product_id","action") WHERE "store_push_jobs"."status" in ('queued', 'running');