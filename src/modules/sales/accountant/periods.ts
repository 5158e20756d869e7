/** The periods the accountant's exports offer (docs/spa.md#exports-for-the-accountant), from today in Italy. */
export const PRESETS = ['thisMonth', 'lastMonth', 'thisQuarter', 'lastQuarter'] as const;
export type Preset = (typeof PRESETS)[number];

export interface Period {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
/** The last day of a month (1-12): day 0 of the next one. */
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Months `first`..`last` (1-12, `first` may be ≤ 0 to reach into the previous year) as a period. */
function months(year: number, first: number, last: number): Period {
  const [fromYear, fromMonth] = first < 1 ? [year - 1, first + 12] : [year, first];
  const [toYear, toMonth] = last < 1 ? [year - 1, last + 12] : [year, last];
  return { from: iso(fromYear, fromMonth, 1), to: iso(toYear, toMonth, lastDay(toYear, toMonth)) };
}

/**
 * A preset's period around `today` (YYYY-MM-DD): the calendar month or quarter, this one or the previous one,
 * whole (an accountant's VAT settlement is monthly or quarterly).
 */
export function presetPeriod(preset: Preset, today: string): Period {
  const [year, month] = today.split('-').map(Number);
  const quarterStart = month - ((month - 1) % 3);
  switch (preset) {
    case 'thisMonth':
      return months(year, month, month);
    case 'lastMonth':
      return months(year, month - 1, month - 1);
    case 'thisQuarter':
      return months(year, quarterStart, quarterStart + 2);
    case 'lastQuarter':
      return months(year, quarterStart - 3, quarterStart - 1);
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a period can be asked for: two dates in order (the service judges the rest and says why). */
export const isComplete = (period: Period) => DAY.test(period.from) && DAY.test(period.to) && period.from <= period.to;

/** The files the exports answer, named as the service names them. */
export const fileNames = (period: Period) => ({
  zip: `fatture_${period.from}_${period.to}.zip`,
  csv: `registro-iva-vendite_${period.from}_${period.to}.csv`,
  xlsx: `registro-iva-vendite_${period.from}_${period.to}.xlsx`,
});
