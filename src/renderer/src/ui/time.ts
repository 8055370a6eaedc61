// The one way the console writes a run's time (Results, History, dialogs): the locale's own format. Pure.

/** The locale the console formats for: the browser's (navigator.language), else the runtime default. */
function defaultLocale(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language;
}

/**
 * A run's start (ISO text or epoch ms) in the locale's format: the time with seconds for today ("2:03:22 PM" in en-US, "14:03:22" in
 * de-DE), else the date and time ("May 1, 2025, 11:59 PM"); the text itself when it is not a date.
 */
export function formatRunTime(
  iso: string | number,
  now: Date,
  locale: string | undefined = defaultLocale(),
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  const sameDay =
    date.getFullYear() === now.getFullYear() &&
    date.getMonth() === now.getMonth() &&
    date.getDate() === now.getDate();
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { timeStyle: 'medium' }
    : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(locale, options).format(date);
}
