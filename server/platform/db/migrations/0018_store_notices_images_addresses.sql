ALTER TABLE "store_connections" ADD COLUMN "notices" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "store_order_imports" ADD COLUMN "order_data" jsonb;--> statement-breakpoint
ALTER TABLE "store_product_links" ADD COLUMN "image_map" jsonb DEFAULT '{}'::jsonb NOT NULL;