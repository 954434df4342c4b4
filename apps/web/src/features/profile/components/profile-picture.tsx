import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { User } from '@app/contract/user';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { useDeleteProfilePicture, useUploadProfilePicture } from '../api/profile-picture';
import { PICTURE_ACCEPT, pictureFileError } from '../utils/picture-file';
import styles from './profile-picture.module.css';

type Preview = { file: File; url: string };

/** Why an upload failed, in SPEC.md's words: the server's size and type checks mean the same as ours. */
function uploadErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 413) return t('profile.picture.tooLarge');
  if (isApiError(error) && (error.status === 422 || error.status === 415)) {
    return t('profile.picture.invalidType');
  }
  return t('profile.picture.uploadFailed');
}

type ProfilePictureProps = { user: User };

/**
 * The user's portrait and its controls: choose a JPEG, PNG or GIF of at most 2 MB (checked here
 * before anything is sent), see it, save it; or delete the current one after a confirmation.
 */
export function ProfilePicture({ user }: ProfilePictureProps) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const [confirming, setConfirming] = useState(false);
  const upload = useUploadProfilePicture();
  const remove = useDeleteProfilePicture();

  // The preview's object URL is released when it is replaced, dropped or the page is left.
  const previewUrl = useRef<string | null>(null);
  const showPreview = (next: Preview | null) => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = next?.url ?? null;
    setPreview(next);
  };
  useEffect(
    () => () => {
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
      previewUrl.current = null;
    },
    [],
  );

  // Once the preview's buttons are gone, focus goes back to the way to choose a picture.
  const focusChooser = () => requestAnimationFrame(() => inputRef.current?.focus());

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so that choosing the same file again is a change too.
    event.target.value = '';
    if (!file) return;
    setAnnouncement('');
    const problem = pictureFileError(file);
    setError(problem);
    showPreview(problem ? null : { file, url: URL.createObjectURL(file) });
  };

  const onSave = () => {
    if (!preview) return;
    setError(undefined);
    upload.mutate(preview.file, {
      onSuccess: () => {
        showPreview(null);
        setAnnouncement(t('profile.picture.uploaded'));
        focusChooser();
      },
      onError: (failure) => setError(uploadErrorMessage(failure)),
    });
  };

  const onCancel = () => {
    showPreview(null);
    setError(undefined);
    focusChooser();
  };

  const onDelete = () => {
    setError(undefined);
    setAnnouncement('');
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setAnnouncement(t('profile.picture.deleted'));
        // The delete button is gone with the picture: focus goes to the way to add one.
        focusChooser();
      },
      onError: () => {
        setConfirming(false);
        setError(t('profile.picture.deleteFailed'));
      },
    });
  };

  const hasPicture = user.profile_picture !== null;
  const busy = upload.isPending || remove.isPending;

  return (
    <div className={styles.picture}>
      <div className={styles.portrait} data-preview={preview ? true : undefined}>
        {preview ? (
          <img className={styles.image} src={preview.url} alt={t('profile.picture.previewAlt')} />
        ) : (
          <Avatar src={user.profile_picture_url} alt="" className={styles.image} />
        )}
      </div>

      <div className={styles.controls}>
        {preview ? (
          <>
            <p className={styles.note}>{t('profile.picture.previewNote')}</p>
            <div className={styles.buttons}>
              <Button
                size="sm"
                busy={upload.isPending}
                busyLabel={t('profile.picture.uploading')}
                onClick={onSave}
              >
                {t('profile.picture.save')}
              </Button>
              <Button size="sm" variant="ghost" disabled={busy} onClick={onCancel}>
                {t('profile.picture.cancel')}
              </Button>
            </div>
          </>
        ) : null}

        {/* A real file input, out of sight behind its label, which looks like a button. */}
        <div className={styles.buttons} hidden={preview !== null}>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={PICTURE_ACCEPT}
            className={`visually-hidden ${styles.input}`}
            aria-describedby={hintId}
            disabled={busy}
            onChange={onChoose}
          />
          <label htmlFor={inputId} className={styles.choose}>
            {hasPicture ? t('profile.picture.choose') : t('profile.picture.add')}
          </label>
          {hasPicture ? (
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => setConfirming(true)}>
              {t('profile.picture.delete')}
            </Button>
          ) : null}
        </div>
        <p id={hintId} className={styles.hint}>
          {t('profile.picture.hint')}
        </p>

        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <p className={styles.announcement} role="status">
          {announcement}
        </p>
      </div>

      <Dialog
        open={confirming}
        onClose={() => {
          if (!remove.isPending) setConfirming(false);
        }}
        role="alertdialog"
        size="sm"
        title={t('profile.picture.confirmDelete')}
        description={t('profile.picture.confirmDeleteBody')}
        actions={
          <>
            <Button
              variant="secondary"
              disabled={remove.isPending}
              onClick={() => setConfirming(false)}
            >
              {t('profile.picture.keep')}
            </Button>
            <Button
              busy={remove.isPending}
              busyLabel={t('profile.picture.deleting')}
              onClick={onDelete}
            >
              {t('profile.picture.confirm')}
            </Button>
          </>
        }
      />
    </div>
  );
}
