import { describe, expect, it } from 'vitest';
import { dueDateRange, instalmentsLink } from '../../../src/modules/sales/receivables/links';

const filterOf = (link: string) => {
  const [path, query] = link.split('?filter=');
  return { path, filter: JSON.parse(decodeURIComponent(query)) as Record<string, unknown> };
};

describe('Scadenzario links', () => {
  it('bound the due dates of each bucket as the ageing counts days past due', () => {
    const asOf = '2026-03-01';
    expect(dueDateRange('notDue', asOf)).toEqual({ dueDate_gte: '2026-03-01' });
    // 1 day late: due yesterday; 30 days late: due 30 days ago (February has 28 days in 2026).
    expect(dueDateRange('days0to30', asOf)).toEqual({ dueDate_gte: '2026-01-30', dueDate_lte: '2026-02-28' });
    expect(dueDateRange('days31to60', asOf)).toEqual({ dueDate_gte: '2025-12-31', dueDate_lte: '2026-01-29' });
    expect(dueDateRange('days61to90', asOf)).toEqual({ dueDate_gte: '2025-12-01', dueDate_lte: '2025-12-30' });
    expect(dueDateRange('over90', asOf)).toEqual({ dueDate_lte: '2025-11-30' });
    expect(dueDateRange('total', asOf)).toEqual({});
  });

  it('open the instalments still to collect, of the customer when given', () => {
    expect(filterOf(instalmentsLink('over90', '2026-03-01', 'c-1'))).toEqual({
      path: '/sales/instalments',
      filter: { status_in: ['open', 'partiallyPaid'], customerId: 'c-1', dueDate_lte: '2025-11-30' },
    });
    expect(filterOf(instalmentsLink('total', '2026-03-01')).filter).toEqual({ status_in: ['open', 'partiallyPaid'] });
  });
});
