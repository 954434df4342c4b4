import { PROFILE_PICTURE_MAX_BYTES } from '@app/contract/constants';
import { t } from '@/lib/i18n';

/** SPEC.md §5: JPEG, PNG, GIF (and the `image/jpg` some systems report). */
export const PICTURE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif'] as const;

/** What the file chooser offers; the server checks the content itself. */
export const PICTURE_ACCEPT = 'image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif';

/** Why a chosen file cannot be sent, in SPEC.md's words, or `undefined` when it can. */
export function pictureFileError(file: File): string | undefined {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) {
    return t('profile.picture.invalidType');
  }
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return t('profile.picture.tooLarge');
  return undefined;
}
