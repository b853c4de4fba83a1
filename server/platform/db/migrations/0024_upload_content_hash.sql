ALTER TABLE "uploads" ADD COLUMN "content_hash" text;--> statement-breakpoint
CREATE INDEX "uploads_user_hash_idx" ON "uploads" USING btree ("user_id","content_hash");