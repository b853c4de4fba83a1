/** Uploaded files of a merchant (upload records, shown as "my uploads" by shopCustomImages). */
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Storage key of the original file, as uploaded. */
    originalKey: text('original_key').notNull(),
    /** The editor copy (≤ 1200 px); the original's key when it already fits. */
    editKey: text('edit_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    fileName: text('file_name').notNull().default(''),
    mime: text('mime').notNull(),
    width: integer('width'),
    height: integer('height'),
    bytes: integer('bytes').notNull(),
    /** Shown in the design tool's "my uploads" library (shopCustomImages). */
    inLibrary: boolean('in_library').notNull().default(true),
    /** SHA-256 of the original bytes (hex): the same file uploaded again is the same upload. Null on rows from before it was kept. */
    contentHash: text('content_hash'),
    /** When the file was last uploaded (a repeat upload moves it to the front of the library). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_user_idx').on(t.userId, t.createdAt), index('uploads_user_hash_idx').on(t.userId, t.contentHash)],
);
