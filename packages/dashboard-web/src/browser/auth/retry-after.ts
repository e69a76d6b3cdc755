/**
 * A Retry-After header as the wait it asks for, in milliseconds from `now`: either of the two forms
 * HTTP allows (RFC 9110 §10.2.3), a number of seconds or a date. A date already past asks for no
 * wait; anything else is left unread (undefined).
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  // Seven digits (115 days) is more than any wait worth keeping a page for; more is left unread.
  if (/^\d{1,7}$/.test(value)) return Number(value) * 1000;
  const at = httpDateMs(value, now);
  return at === undefined ? undefined : Math.max(0, at - now);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = MONTHS.join('|');
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';

// The three HTTP-date forms a recipient must read, all in GMT (RFC 9110 §5.6.7).
const IMF_FIXDATE = new RegExp(`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\\d{2}) (${MONTH}) (\\d{4}) ${TIME} GMT$`);
const RFC_850 = new RegExp(`^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\\d{2})-(${MONTH})-(\\d{2}) ${TIME} GMT$`);
const ASCTIME = new RegExp(`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (${MONTH}) ( \\d|\\d{2}) ${TIME} (\\d{4})$`);

/**
 * An HTTP-date as epoch milliseconds (`now` places a two-digit year), read by pattern rather than
 * by Date.parse, whose leniency differs between engines (and reads the asctime form, which has no
 * zone, as local time).
 */
export function httpDateMs(value: string, now: number): number | undefined {
  let match = IMF_FIXDATE.exec(value);
  if (match) return utc(Number(match[3]), match[2]!, match[1]!, match.slice(4, 7));
  match = RFC_850.exec(value);
  if (match) return utc(fullYear(Number(match[3]), now), match[2]!, match[1]!, match.slice(4, 7));
  match = ASCTIME.exec(value);
  if (match) return utc(Number(match[6]), match[1]!, match[2]!, match.slice(3, 6));
  return undefined;
}

/** A two-digit year more than 50 years ahead of `now` is of the past century (RFC 9110 §5.6.7). */
function fullYear(twoDigits: number, now: number): number {
  const thisYear = new Date(now).getUTCFullYear();
  const year = Math.floor(thisYear / 100) * 100 + twoDigits;
  return year > thisYear + 50 ? year - 100 : year;
}

/** The instant, or undefined when a field is out of range (a 31 February, a 25th hour). */
function utc(year: number, month: string, day: string, time: readonly (string | undefined)[]): number | undefined {
  const [hours, minutes, seconds] = time.map(Number) as [number, number, number];
  const monthIndex = MONTHS.indexOf(month);
  const ms = Date.UTC(year, monthIndex, Number(day), hours, minutes, seconds);
  const date = new Date(ms);
  const exact =
    date.getUTCFullYear() === year && date.getUTCMonth() === monthIndex && date.getUTCDate() === Number(day) && date.getUTCHours() === hours && date.getUTCMinutes() === minutes && date.getUTCSeconds() === seconds;
  return exact ? ms : undefined;
}
