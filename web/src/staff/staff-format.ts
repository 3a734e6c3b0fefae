/** How the console shows the API's raw values: cents, unix times, calendar days. */

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const calendarDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** 189900 -> '$1,899.00'. */
export function money(cents: number): string {
  return dollars.format(cents / 100)
}

/** Unix seconds -> 'Dec 3, 2026, 4:05 PM', local time. */
export function atSeconds(seconds: number): string {
  return dateTime.format(new Date(seconds * 1000))
}

/** Unix milliseconds -> 'Dec 3, 2026, 4:05 PM', local time. */
export function atMillis(ms: number): string {
  return dateTime.format(new Date(ms))
}

/** 'YYYY-MM-DD' -> 'Dec 3, 2026' (a calendar day, no time zone); anything else as given. */
export function day(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate)
  if (!match) return isoDate
  return calendarDay.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))))
}

/** A local calendar day as 'YYYY-MM-DD' (a date input's value). */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** Today, `days` days back, as 'YYYY-MM-DD' (local). */
export function daysAgo(days: number, today: Date = new Date()): string {
  return isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - days))
}
