import { queryOptions, useQuery } from '@tanstack/react-query';
import { RANKING_PAGE_SIZE } from '@app/contract/ranking-rules';
import type { Colleague, UsersResponse } from '@app/contract/user';
import { api } from '@/lib/api-client';

/**
 * The colleagues of the user's store (the My POS tab): `GET /api/users?store_id=`, sorted by name,
 * on one page as large as the server allows (a boutique's team fits in it), the user left out.
 */
export async function getColleagues(
  storeId: number,
  userId: number,
  signal?: AbortSignal,
): Promise<Colleague[]> {
  const list = await api.get<UsersResponse>('/api/users', {
    signal,
    query: { store_id: storeId, sort: 'name', order: 'asc', per_page: RANKING_PAGE_SIZE.max },
  });
  return list.data.filter((colleague) => colleague.id !== userId);
}

export function colleaguesQueryOptions(storeId: number, userId: number) {
  return queryOptions({
    queryKey: ['users', 'colleagues', storeId, userId] as const,
    queryFn: ({ signal }) => getColleagues(storeId, userId, signal),
  });
}

export function useColleagues(storeId: number, userId: number) {
  return useQuery(colleaguesQueryOptions(storeId, userId));
}
