CREATE TABLE "buyer_images" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "buyer_images_created_idx" ON "buyer_images" USING btree ("created_at");