import type { HttpClient } from '../../../dataProviders/http';
import { serialiseQuery, type Filter } from '../../../dataProviders/query';

/** A notification on the wire (server/services/notifications). */
export interface AppNotification {
  id: string;
  title: string;
  text: string;
  type: 'normal' | 'error';
  /** A hash route of the SPA such as `#/address-book/contacts/<id>`, or null. */
  link: string | null;
  readAt: string | null;
  createdAt: string;
}

export interface NotificationPage {
  data: AppNotification[];
  total: number;
}

export interface ListParams {
  /** From 0, as the services count. */
  page: number;
  pageSize: number;
  unreadOnly?: boolean;
}

/** The list contract in bracket-index form: newest first, optionally only the unread ones. */
export function listQueryString({ page, pageSize, unreadOnly }: ListParams): string {
  const filters: Filter[] = unreadOnly ? [{ field: 'readAt', operator: 'isNull', value: true }] : [];
  return serialiseQuery({ page, pageSize, filters, sortBy: 'createdAt', sortDirection: 'desc' });
}

/** The calls of the notifications service, at the base URL the tenant config gives it. */
export function createNotificationsApi(http: HttpClient, baseUrl: () => string | undefined) {
  const root = () => {
    const base = baseUrl();
    if (!base) throw new Error('Service notifications is not enabled for this tenant');
    return `${base.replace(/\/+$/, '')}/api/notifications`;
  };
  return {
    streamUrl: () => (baseUrl() ? `${root()}/stream` : undefined),
    async list(params: ListParams, signal?: AbortSignal): Promise<NotificationPage> {
      return (await http<NotificationPage>(`${root()}?${listQueryString(params)}`, { signal })).json;
    },
    async unreadCount(signal?: AbortSignal): Promise<number> {
      return (await http<{ data: { count: number } }>(`${root()}/unread-count`, { signal })).json.data.count;
    },
    async markRead(id: string): Promise<AppNotification> {
      const url = `${root()}/${encodeURIComponent(id)}/read`;
      return (await http<{ data: AppNotification }>(url, { method: 'POST' })).json.data;
    },
    async markAllRead(): Promise<number> {
      return (await http<{ data: { updated: number } }>(`${root()}/read-all`, { method: 'POST' })).json.data.updated;
    },
  };
}

export type NotificationsApi = ReturnType<typeof createNotificationsApi>;

/** The router path of a notification's hash link (`#/wfm/activities/1` -> `/wfm/activities/1`). */
export function linkPath(link: string | null): string | null {
  if (!link || !link.startsWith('#/')) return null;
  return link.slice(1);
}
