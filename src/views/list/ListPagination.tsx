import { TablePaginationActions } from '@mui/material';
import { useMemo } from 'react';
import { Pagination, useListContext, useLocaleState, useTranslate, type PaginationProps } from 'react-admin';
import { estimatedTotal } from './estimate';

/**
 * MUI's own previous/next buttons: react-admin hands `actions` to TablePagination as its ActionsComponent,
 * which renders it with MUI's props (react-admin's type names its own numbered actions' props).
 */
const PREVIOUS_NEXT = TablePaginationActions as unknown as PaginationProps['actions'];

/**
 * react-admin's pagination, except that a total the services only estimated (`meta.totalEstimated`,
 * docs/wire-contract.md#totals) reads "1-25 of about 100,000" ("di circa 100.000"), never as an exact number,
 * and offers previous and next only: a numbered last page would be a guess (and past the deepest offset the
 * services page to). A page past the real end comes back empty and the list returns to page 1.
 */
export function ListPagination(props: PaginationProps) {
  const { meta } = useListContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const estimated = (meta as { totalEstimated?: boolean } | undefined)?.totalEstimated === true;
  const label = useMemo(
    () =>
      estimated
        ? ({ from, to, count }: { from: number; to: number; count: number }) =>
            translate('lists.estimatedRange', { from, to, total: estimatedTotal(count, locale) })
        : undefined,
    [estimated, translate, locale],
  );
  if (!label) return <Pagination {...props} />;
  // react-admin's props type leaves TablePagination's labelDisplayedRows out, yet passes it on (after its own).
  const estimate = { labelDisplayedRows: label, actions: PREVIOUS_NEXT } as Partial<PaginationProps>;
  return <Pagination {...props} {...estimate} />;
}
