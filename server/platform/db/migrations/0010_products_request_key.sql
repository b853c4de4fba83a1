ALTER TABLE "my_products" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "my_products_request_key_idx" ON "my_products" USING btree ("user_id","request_key");