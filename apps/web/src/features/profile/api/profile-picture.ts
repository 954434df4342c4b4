import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfilePictureResponse } from '@app/contract/user';
import { currentUserQueryKey } from '@/api/get-current-user';
import { api } from '@/lib/api-client';
import { useStoreCurrentUser } from '../utils/store-current-user';

/** `POST /api/user/profile-picture`, multipart field `profile_picture`: 413 too large, 422 not an image. */
export function uploadProfilePicture(file: File): Promise<ProfilePictureResponse> {
  const body = new FormData();
  body.append('profile_picture', file);
  return api.post('/api/user/profile-picture', body);
}

/** `DELETE /api/user/profile-picture`: back to the default avatar, whose address it returns. */
export function deleteProfilePicture(): Promise<ProfilePictureResponse> {
  // It answers with the default avatar's address only: no picture is stored any more.
  return api
    .delete<Partial<ProfilePictureResponse> & Pick<ProfilePictureResponse, 'profile_picture_url'>>(
      '/api/user/profile-picture',
    )
    .then((body) => ({ ...body, profile_picture: body.profile_picture ?? null }));
}

/**
 * After a new picture or none: the user with it goes into the cache and local storage at once (the
 * header's avatar changes), then `GET /api/user` is asked again for the server's word.
 */
function usePictureChanged() {
  const queryClient = useQueryClient();
  const storeCurrentUser = useStoreCurrentUser();
  return async (picture: ProfilePictureResponse) => {
    storeCurrentUser((user) => ({ ...user, ...picture }));
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey, exact: true });
  };
}

export function useUploadProfilePicture() {
  const pictureChanged = usePictureChanged();
  return useMutation({ mutationFn: uploadProfilePicture, onSuccess: pictureChanged });
}

export function useDeleteProfilePicture() {
  const pictureChanged = usePictureChanged();
  return useMutation({ mutationFn: deleteProfilePicture, onSuccess: pictureChanged });
}
