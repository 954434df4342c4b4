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

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The instant a calendar day starts in a time zone, as a UTC ISO string. */
export function startOfDay(day: string, timeZone: string): string {
  const guess = Date.parse(`${day}T00:00:00Z`);
  // The zone's offset at the guessed instant, then corrected once for a DST change near midnight.
  let instant = guess - offsetMs(guess, timeZone);
  instant = guess - offsetMs(instant, timeZone);
  return new Date(instant).toISOString();
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
