import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersResponse, USER_SORTS } from '@app/contract/user';
import { api } from '@/lib/api-client';
import type { SortOrder } from '@/lib/use-list-filters';

/**
 * `GET /api/users`: colleagues with what anyone may see of them (never an email), searched,
 * filtered, sorted and paged by the server. The users list, the profile's colleagues and the
 * choice of a duel opponent all ask it.
 */
export const usersQueryKey = ['users'] as const;

export type UsersQuery = {
  q?: string | undefined;
  country?: readonly string[];
  city?: readonly string[];
  store_id?: readonly number[];
  sort?: (typeof USER_SORTS)[number];
  order?: SortOrder;
  page?: number;
  per_page?: number;
};

export function getUsers(query: UsersQuery, signal?: AbortSignal): Promise<UsersResponse> {
  return api.get('/api/users', {
    signal,
    query: {
      ...query,
      country: query.country ? [...query.country] : undefined,
      city: query.city ? [...query.city] : undefined,
      store_id: query.store_id ? [...query.store_id] : undefined,
    },
  });
}

export function usersQueryOptions(query: UsersQuery) {
  return queryOptions({
    // Every option is part of the key: each search, filter, order and page is its own entry.
    queryKey: [...usersQueryKey, query] as const,
    queryFn: ({ signal }) => getUsers(query, signal),
    // The page shown stays while the next one loads: searching never flashes empty.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: UsersQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(query), enabled });
}
