CREATE TABLE "catalog_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Raised by every statement that changes the catalogue, in its own transaction: readers that see
-- the same version again know the catalogue rows are the same (server/catalog/answer-cache.ts).
CREATE FUNCTION "catalog_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "catalog_version" SET "version" = "version" + 1 WHERE "id" = 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "catalog_categories_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_categories" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "catalog_subcategories_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_subcategories" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "catalog_templates_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_templates" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "catalog_products_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_products" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "catalog_variants_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_variants" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "catalog_images_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_images" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
