/** Calendar days (`YYYY-MM-DD`) in a given IANA time zone. */

export function localDay(at: Date, timeZone: string): string {
  return formatter(
    dayFormats,
    timeZone,
    () =>
      // en-CA formats dates as YYYY-MM-DD.
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }),
  ).format(at);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const instantFormats = new Map<string, Intl.DateTimeFormat>();

/** A formatter per time zone, made once: making one costs far more than formatting with it. */
function formatter(
  made: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  make: () => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let format = made.get(timeZone);
  if (!format) {
    format = make();
    made.set(timeZone, format);
  }
  return format;
}

/** An hour and a day of UTC time, in milliseconds. */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The instants `isoTime` writes by arithmetic: years 0000 to 9999, as `toISOString` writes them. */
const FIRST_MS = Date.parse('0000-01-01T00:00:00.000Z');
const LAST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * An instant (ms since 1970) in ISO 8601, UTC, to the millisecond (`2026-11-28T09:30:00.000Z`),
 * character for character as `Date.prototype.toISOString` writes it. V8 formats a date through
 * printf, about 7 500 instructions a call; a write of the API stamps several instants, and on
 * PostgreSQL every timestamp read is written again this way. Here, the days are turned into a
 * civil date by arithmetic (H. Hinnant's `civil_from_days`). Outside years 0000–9999, and for
 * NaN, it is `toISOString`'s own answer (or its RangeError).
 */
export function isoTime(ms: number): string {
  if (!(ms >= FIRST_MS && ms <= LAST_MS)) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  const inDay = ms - days * DAY_MS;
  // Days counted from 0000-03-01, in eras of 400 years (146 097 days).
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(inDay / 3_600_000);
  const minutes = Math.floor(inDay / 60_000) % 60;
  const seconds = Math.floor(inDay / 1000) % 60;
  const yyyy = year < 1000 ? `${year}`.padStart(4, '0') : `${year}`;
  return `${yyyy}-${two(month)}-${two(day)}T${two(hours)}:${two(minutes)}:${two(seconds)}.${three(inDay % 1000)}Z`;
}

export function addDays(day: string, days: number): string {
  return isoTime(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).slice(0, 10);
}

/** The instant a calendar day starts in a time zone, as a UTC ISO string. */
export function startOfDay(day: string, timeZone: string): string {
  const guess = Date.parse(`${day}T00:00:00Z`);
  // The zone's offset at the guessed instant, then corrected once for a DST change near midnight.
  let instant = guess - offsetMs(guess, timeZone);
  instant = guess - offsetMs(instant, timeZone);
  return isoTime(instant);
}

function offsetMs(instant: number, timeZone: string): number {
  const parts = formatter(
    instantFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
  ).formatToParts(new Date(instant));
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour'),
    value('minute'),
    value('second'),
  );
  return asUtc - (instant - (instant % 1000));
}

/** Whether a name is an IANA time zone this runtime knows, such as `Europe/Zurich`. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
