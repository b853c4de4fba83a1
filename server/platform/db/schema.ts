/**
 * The database schema (drizzle): every domain's tables, re-exported in one place for drizzle
 * (the typed client in ./client.ts and drizzle-kit, whose config points here). Migrations in
 * ./migrations are generated from it with `npm run db:generate` and checked in; the server
 * applies them on start. Domain code imports tables from the domain's own schema.ts, never from
 * here, so this barrel stays the only file that knows them all.
 */
export * from '../../accounts/schema';
export * from '../rate-limit-schema';
export * from '../../uploads/schema';
export * from '../../catalog/schema';
export * from '../../commerce/schema';
export * from '../../materials/schema';
export * from '../../products/schema';
export * from '../../shops/schema';
export * from '../../notifications/schema';
export * from '../../rendering/schema';
export * from '../../support/schema';
export * from '../../shop-settings/schema';
export * from '../../branding/schema';
export * from '../../activities/schema';
export * from '../../personalization/schema';
