import type { Lang } from '../../http/lang';

/** A calendar date as people read it in messages: 31/12/2026 in Italian, 2026-12-31 otherwise. */
export function formatDate(lang: Lang, date: unknown): string {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  const [y, m, d] = date.split('-');
  return lang === 'it' ? `${d}/${m}/${y}` : date;
}
