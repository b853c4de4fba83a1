CREATE TABLE "render_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch" text NOT NULL,
	"position" integer NOT NULL,
	"job" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_at" timestamp with time zone,
	"output" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "render_jobs_batch_position_idx" ON "render_jobs" USING btree ("batch","position");--> statement-breakpoint
CREATE INDEX "render_jobs_claim_idx" ON "render_jobs" USING btree ("batch","status","position");