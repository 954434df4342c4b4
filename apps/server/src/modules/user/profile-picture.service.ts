import { fileTypeFromBuffer } from 'file-type';
import { PROFILE_PICTURE_MAX_BYTES } from '@app/contract/constants';
import type { ProfilePictureResponse } from '@app/contract/user';
import { nowIso, type Db } from '../../db/database';
import { invalid, notFound } from '../../lib/http-error';
import type { FileField } from '../../lib/multipart-file';
import { messages } from '../../lib/validation-messages';
import { newPictureName, removePicture, writePicture } from './profile-picture.files';
import * as repo from './user.repository';
import { profilePictureUrl } from './user.service';

/**
 * Profile pictures (PRODUCT.md §10, docs/decisions/0018): JPEG, PNG or GIF by their content, at
 * most 2 MB and 40 megapixels, stored re-encoded as a WebP of at most 512×512 without metadata.
 */

export const PROFILE_PICTURE_FIELD = 'profile_picture';
const ATTRIBUTE = 'profile picture';
const MAX_PIXELS = 40_000_000;
const MAX_SIDE = 512;
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif']);

/** The whole multipart body may hold the file and a little more: boundaries, part headers, small fields. */
export const PROFILE_PICTURE_BODY_LIMIT = PROFILE_PICTURE_MAX_BYTES + 64 * 1024;

export const PROFILE_PICTURE_MESSAGES = {
  required: messages.required(ATTRIBUTE),
  notAFile: messages.file(ATTRIBUTE),
  type: `The ${ATTRIBUTE} must be a file of type: jpeg, png, gif.`,
  tooLarge: messages.max.file(ATTRIBUTE, PROFILE_PICTURE_MAX_BYTES),
  tooManyPixels: `The ${ATTRIBUTE} may not be larger than ${MAX_PIXELS / 1_000_000} megapixels.`,
  unreadable: `The ${ATTRIBUTE} could not be read: the image is damaged or incomplete.`,
} as const;

export type PictureOptions = { uploadDir: string };

const refuse = (message: string) => invalid(PROFILE_PICTURE_FIELD, message);

/**
 * The upload as it will be served: checked by its bytes (never its name or declared type), its
 * dimensions read from the header before anything is decoded, then decoded once, turned upright,
 * shrunk to fit 512×512 and written as WebP, which leaves EXIF, GPS, XMP and ICC data behind.
 */
async function toAvatar(upload: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(upload);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw refuse(PROFILE_PICTURE_MESSAGES.type);
  // The image library (about 20 MB of native code) is loaded by the first upload, not at start.
  const { default: sharp } = await import('sharp');
  const header = await sharp(upload, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw refuse(PROFILE_PICTURE_MESSAGES.unreadable);
    });
  if (!ACCEPTED_FORMATS.has(header.format) || !header.width || !header.height) {
    throw refuse(PROFILE_PICTURE_MESSAGES.unreadable);
  }
  if (header.width * header.height > MAX_PIXELS)
    throw refuse(PROFILE_PICTURE_MESSAGES.tooManyPixels);
  try {
    return await sharp(upload, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 })
      .autoOrient()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .timeout({ seconds: 20 })
      .toBuffer();
  } catch {
    throw refuse(PROFILE_PICTURE_MESSAGES.unreadable);
  }
}

/**
 * Points the user's row at `next` and returns the file it pointed at before. A conditional update
 * on the value read: of two uploads at once, each replaces exactly one file and deletes only that.
 */
async function swapPicture(db: Db, userId: number, next: string | null): Promise<string | null> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const current = await repo.profilePictureOf(db, userId);
    if (current === undefined) throw notFound();
    if (current === next) return null;
    if (await repo.swapProfilePicture(db, userId, current, next, nowIso())) return current;
  }
  throw new Error('The profile picture kept changing while it was being replaced.');
}

/**
 * `POST /api/user/profile-picture`. The new file is in place under its final name before the row
 * points at it, and the old file is deleted only once the row no longer does: a crash at any step
 * leaves at worst an unreferenced file, never a row pointing at a missing or partial one.
 */
export async function uploadProfilePicture(
  db: Db,
  userId: number,
  field: FileField,
  options: PictureOptions,
): Promise<ProfilePictureResponse> {
  if (field.kind === 'not-a-file') throw refuse(PROFILE_PICTURE_MESSAGES.notAFile);
  if (field.kind === 'missing') throw refuse(PROFILE_PICTURE_MESSAGES.required);
  const avatar = await toAvatar(field.data);
  const name = newPictureName();
  await writePicture(options.uploadDir, name, avatar);
  let previous: string | null;
  try {
    previous = await swapPicture(db, userId, name);
  } catch (error) {
    await removePicture(options.uploadDir, name);
    throw error;
  }
  if (previous) await removePicture(options.uploadDir, previous);
  return { profile_picture: name, profile_picture_url: profilePictureUrl(name) };
}

/** `DELETE /api/user/profile-picture`: back to the default avatar; the file goes once the row lets go. */
export async function deleteProfilePicture(
  db: Db,
  userId: number,
  options: PictureOptions,
): Promise<ProfilePictureResponse> {
  const previous = await swapPicture(db, userId, null);
  if (previous) await removePicture(options.uploadDir, previous);
  return { profile_picture: null, profile_picture_url: profilePictureUrl(null) };
}
