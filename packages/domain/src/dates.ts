/**
 * Dates and times of the backend's rows (ISO 8601 strings: a date, or a timestamptz) as people
 * read them, en-IE like the money (docs/decisions.md (10)), in UTC so a date reads the same day
 * wherever the reader is.
 */
const dateFormat = new Intl.DateTimeFormat('en-IE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-IE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** '2025-02-14' or '2025-02-14T00:00:00+00:00' reads '14 Feb 2025'; anything unreadable is shown as it came. */
export function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

/** '2025-03-03T09:12:00Z' reads '3 Mar 2025, 09:12 UTC'; anything unreadable is shown as it came. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
}
