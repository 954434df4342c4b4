/** The channel on which PostgreSQL tells every instance that rows its held reads depend on changed. */
export const USER_ROWS_CHANNEL = 'user_rows_changed';

/**
 * The tables whose rows an instance holds reads of (`db/held-reads.ts`, docs/decisions/0045), the
 * column naming whose they are (none for a store, which may be anyone's), and the changes that
 * matter: a session is read from a token, its user and their store, which are never read before
 * they exist; a user's completions are read whole, and whether a user answered a day's question
 * is held when they have not yet (decision 0048), and a page of the ranking lists new users
 * (decision 0070), so a new row matters to both. Migrations 0007 to 0009 put PostgreSQL's triggers
 * on them, `db/user-row-changes.ts` SQLite's.
 */
export const WATCHED_TABLES = [
  { table: 'users', user: 'id', events: ['insert', 'update', 'delete'] },
  { table: 'personal_access_tokens', user: 'user_id', events: ['update', 'delete'] },
  { table: 'stores', user: null, events: ['update', 'delete'] },
  { table: 'training_completions', user: 'user_id', events: ['insert', 'update', 'delete'] },
  { table: 'daily_answers', user: 'user_id', events: ['insert', 'update', 'delete'] },
] as const;

/** Tables whose deletions delete watched rows with them: a module's or a category's completions. */
const CASCADING_INTO_WATCHED = ['training_modules', 'categories'];

const TABLES = [...WATCHED_TABLES.map(({ table }) => table), ...CASCADING_INTO_WATCHED].join('|');

/**
 * A statement that may change a watched row, as this process sends it (`db/database.ts`): this
 * process hears of it through PostgreSQL's notification, and waits for it. A statement matched
 * that changes no such row only costs that wait. A schema's name may come first.
 */
export const USER_ROW_WRITE = new RegExp(
  String.raw`\b(?:insert\s+into|update(?:\s+only)?|delete\s+from(?:\s+only)?|merge\s+into|truncate(?:\s+table)?(?:\s+only)?)\s+` +
    String.raw`(?:"?\w+"?\.)?"?(?:${TABLES})"?(?:[\s(;,]|$)`,
  'i',
);
