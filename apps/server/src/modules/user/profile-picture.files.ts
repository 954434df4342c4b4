import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Profile pictures on disk, under UPLOAD_DIR, served as they are from /uploads/<name>. A name is
 * random and never reused, so a file, once in place, never changes (it is cached for a year).
 */

const PICTURE_NAME = /^[0-9a-f]{32}\.webp$/;

export function newPictureName(): string {
  return `${randomBytes(16).toString('hex')}.webp`;
}

/**
 * Writes the file under a temporary name and renames it: the served name holds nothing or the
 * whole file, even after a crash. The temporary name starts with a dot, which is never served.
 */
export async function writePicture(dir: string, name: string, data: Buffer): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const file = await fs.open(temporary, 'wx');
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
    await fs.rename(temporary, path.join(dir, name));
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Deletes a picture this server wrote; a name of any other shape (a value set by hand, a path) is
 * left alone. A failure leaves an unreferenced file behind, which is harmless: it is not retried.
 */
export async function removePicture(dir: string, name: string): Promise<void> {
  if (!PICTURE_NAME.test(name)) return;
  await fs.rm(path.join(dir, name), { force: true }).catch(() => undefined);
}
