import { DEFAULT_AVATAR_URL } from '@app/contract/constants';
import { localDay } from '@app/contract/dates';
import type { z } from 'zod';
import type { PublicUser } from '@app/contract/ranking';
import type { Store, updateUserRequest, User } from '@app/contract/user';
import { titleForPoints } from '@app/contract/title';
import { nowIso, isUniqueViolation, type Db, type Executor } from '../../db/database';
import { HttpError, notFound } from '../../lib/http-error';
import { titleInfoFor, titleLadder } from '../title/title.service';
import * as repo from './user.repository';

export const UPLOADS_URL_PREFIX = '/uploads/';

export function profilePictureUrl(picture: string | null): string {
  return picture ? `${UPLOADS_URL_PREFIX}${picture}` : DEFAULT_AVATAR_URL;
}

type StoreColumns = {
  store_id: number | null;
  store_name: string | null;
  store_city: string | null;
  store_country: string | null;
};

/** The user's boutique from a row joined with `stores`, or null. */
export function storeOf(row: StoreColumns): Store | null {
  return row.store_id === null
    ? null
    : {
        id: row.store_id,
        name: row.store_name!,
        city: row.store_city!,
        country: row.store_country!,
      };
}

/** What anyone may see of a colleague (rankings, duels, lists): never an email or anything private. */
export function publicUserOf(
  row: {
    id: number;
    first_name: string;
    last_name: string;
    profile_picture: string | null;
  } & StoreColumns,
): PublicUser {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    profile_picture_url: profilePictureUrl(row.profile_picture),
    store: storeOf(row),
  };
}

export function toApiUser(row: repo.UserWithStoreRow, title: User['current_title']): User {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    username: row.username,
    website: row.website,
    role: row.role,
    profile_picture: row.profile_picture,
    profile_picture_url: profilePictureUrl(row.profile_picture),
    store: storeOf(row),
    current_title: title,
    total_points: row.total_points,
  };
}

/**
 * The user's calendar day at an instant: the day in their store's time zone, or in the brand's
 * for a user without a store. Daily limits and the daily question follow it. Given the time zone
 * (a `DayOwner`), it reads nothing.
 */
export async function userDay(
  db: Executor,
  owner: number | DayOwner,
  at: Date,
  brandTimeZone: string,
): Promise<string> {
  const zone =
    typeof owner === 'number' ? await repo.storeTimeZoneOf(db, owner) : owner.storeTimeZone;
  return localDay(at, zone ?? brandTimeZone);
}

/** A user with their store's time zone already read (null without a store): the session is one. */
export type DayOwner = { userId: number; storeTimeZone: string | null };

/** The user as the API shows them to themselves, read from the database (after a sign-in or a change). */
export async function getCurrentUser(db: Executor, userId: number): Promise<User> {
  const own = await repo.findUserWithStore(db, userId);
  if (!own) throw notFound();
  const title = await titleInfoFor(db, own.total_points);
  return toApiUser(own, title.current_title);
}

type SentUser = { readonly ladder: Awaited<ReturnType<typeof titleLadder>>; readonly body: Buffer };

/**
 * `GET /api/user`'s answers as sent, by the user's row they were made from. A held session's row
 * (docs/decisions/0045) is frozen and shared by the token's requests until one of its rows
 * changes, when the session is read again with a new row: so the answer is made once per read of
 * the row, and again when the ladder of titles has been read again since.
 */
const sentUsers = new WeakMap<repo.UserWithStoreRow, SentUser>();

/**
 * The current user's answer, serialized by `serialize` (the route's own) the first time: at once
 * when it is held with the ladder of titles held now.
 */
export function currentUserBody(
  db: Executor,
  row: repo.UserWithStoreRow,
  serialize: (user: User) => string,
): Buffer | Promise<Buffer> {
  const sent = sentUsers.get(row);
  if (sent !== undefined && sent.ladder === titleLadder.peek(db)) return sent.body;
  return madeUserBody(db, row, serialize);
}

async function madeUserBody(
  db: Executor,
  row: repo.UserWithStoreRow,
  serialize: (user: User) => string,
): Promise<Buffer> {
  const ladder = await titleLadder(db);
  const sent = sentUsers.get(row);
  if (sent?.ladder === ladder) return sent.body;
  const user = toApiUser(row, titleForPoints(ladder, row.total_points).current_title);
  const body = Buffer.from(serialize(user));
  sentUsers.set(row, { ladder, body });
  return body;
}

/** The profile fields as the route's schema leaves them: trimmed, blanks turned to null. */
type ProfileChanges = z.output<typeof updateUserRequest>;

/** Messages for the email and username that another user holds already; empty when both are free. */
async function takenFields(
  db: Executor,
  userId: number,
  input: ProfileChanges,
): Promise<Record<string, string[]>> {
  const taken: Record<string, string[]> = {};
  if (await repo.findOtherUserIdBy(db, 'email', input.email, userId)) {
    taken.email = ['The email has already been taken.'];
  }
  if (input.username && (await repo.findOtherUserIdBy(db, 'username', input.username, userId))) {
    taken.username = ['The username has already been taken.'];
  }
  return taken;
}

function takenError(taken: Record<string, string[]>): HttpError | undefined {
  const first = Object.values(taken)[0]?.[0];
  return first ? new HttpError(422, first, taken) : undefined;
}

/**
 * Updates the fields a user may change about themselves (the route's schema drops any other);
 * email and username stay unique, the username whatever its case.
 */
export async function updateCurrentUser(
  db: Db,
  userId: number,
  input: ProfileChanges,
): Promise<User> {
  const error = takenError(await takenFields(db, userId, input));
  if (error) throw error;
  try {
    await repo.updateUser(db, userId, {
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email,
      ...(input.username !== undefined ? { username: input.username } : {}),
      ...(input.website !== undefined ? { website: input.website } : {}),
      updated_at: nowIso(),
    });
  } catch (error) {
    // Two users claiming the same email at the same instant: the unique index decides, and the
    // other's row, committed by now, says which field.
    if (isUniqueViolation(error)) {
      throw (
        takenError(await takenFields(db, userId, input)) ??
        new HttpError(422, 'The email or username has already been taken.')
      );
    }
    throw error;
  }
  return getCurrentUser(db, userId);
}
