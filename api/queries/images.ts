import type { Knex } from 'knex';
import { type ImageContentType, uploadedImageId } from '../contract/admin-wines';

/** A row of `images` without its bytes. */
export interface DbImageMeta {
  id: string;
  content_type: ImageContentType;
  byte_size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  created_by: string | null;
  created_at: Date;
}

const META_COLUMNS = ['id', 'content_type', 'byte_size', 'sha256', 'width', 'height', 'created_by', 'created_at'] as const;

/**
 * Stores an image once per content: when the same bytes (same sha256) were stored before, that image is returned
 * with `created: false` and nothing is written.
 */
export async function insertImage(
  db: Knex | Knex.Transaction,
  image: { contentType: ImageContentType; bytes: Buffer; sha256: string; width: number | null; height: number | null; createdBy: string },
): Promise<{ image: DbImageMeta; created: boolean }> {
  const [inserted] = await db('images')
    .insert({
      content_type: image.contentType,
      bytes: image.bytes,
      byte_size: image.bytes.length,
      sha256: image.sha256,
      width: image.width,
      height: image.height,
      created_by: image.createdBy,
    })
    .onConflict('sha256')
    .ignore()
    .returning([...META_COLUMNS]);
  if (inserted) return { image: inserted as DbImageMeta, created: true };
  const existing = (await db('images')
    .select(...META_COLUMNS)
    .where('sha256', image.sha256)
    .first()) as DbImageMeta | undefined;
  if (!existing) throw new Error('insertImage: conflicting image vanished');
  return { image: existing, created: false };
}

/** An image's facts without its bytes (cheap: answers a revalidation with 304 without reading the bytes). */
export async function findImageMeta(db: Knex | Knex.Transaction, id: string): Promise<DbImageMeta | undefined> {
  return (await db('images')
    .select(...META_COLUMNS)
    .where('id', id)
    .first()) as DbImageMeta | undefined;
}

/** An image's bytes, or undefined. */
export async function findImageBytes(db: Knex | Knex.Transaction, id: string): Promise<Buffer | undefined> {
  const row = await db<{ bytes: Buffer }>('images').select('bytes').where('id', id).first();
  return row?.bytes;
}

/**
 * True when `imageUrl` names an uploaded image (/api/images/{id}) that does not exist (any more). False for none, an
 * https address elsewhere (the schema has judged its form), or a value equal to `stored` (unchanged: not checked
 * again). The rule of every form with an image: wines (admin and partner), experts.
 */
export async function uploadedImageMissing(
  db: Knex | Knex.Transaction,
  imageUrl: string | null | undefined,
  stored?: string | null,
): Promise<boolean> {
  const id = uploadedImageId(imageUrl);
  return id !== undefined && imageUrl !== stored && !(await imageExists(db, id));
}

/** Whether image `id` exists. */
export async function imageExists(db: Knex | Knex.Transaction, id: string): Promise<boolean> {
  return Boolean(await db('images').select('id').where('id', id).first());
}

/** Which of the image ids `ids` exist (one query for any number of ids). */
export async function existingImageIds(db: Knex | Knex.Transaction, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows: { id: string }[] = await db('images')
    .select('id')
    .whereIn('id', [...new Set(ids)]);
  return new Set(rows.map((r) => r.id));
}
