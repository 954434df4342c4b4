import { useMutation } from '@tanstack/react-query';
import type { User } from '@app/contract/user';
import type { z } from 'zod';
import type { updateUserRequest } from '@app/contract/user';
import { api } from '@/lib/api-client';
import { useStoreCurrentUser } from '../utils/store-current-user';

export type UpdateUserBody = z.output<typeof updateUserRequest>;

/** `PUT /api/user`: the user's own details; a 422 carries `errors` per field. */
export function updateUser(body: UpdateUserBody): Promise<User> {
  return api.put('/api/user', body);
}

/** Saves the details, then shows the saved user everywhere (header, local storage). */
export function useUpdateUser() {
  const storeCurrentUser = useStoreCurrentUser();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (saved) => storeCurrentUser(saved),
  });
}
