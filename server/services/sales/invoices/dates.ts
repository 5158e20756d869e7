const DAY_IN_ROME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date as an Italian office reads it ("2026-11-24"), whatever the server's zone. */
export function todayInRome(now = new Date()): string {
  return DAY_IN_ROME.format(now);
}

/** A document date as people read it in Italy and in the British-English catalogue: 24/11/2026. */
export function readableDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}
