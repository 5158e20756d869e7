import { notify } from '../../app/notifications/store';
import { serviceUrl } from '../../app/services';
import { http, refresher, tokens } from '../../app/session';
import { createNotificationsApi } from './api';
import { NotificationCenter } from './center';

/** The notifications service of the current tenant (its URL is read on every call: tenants switch). */
export const notificationsApi = createNotificationsApi(http, () => serviceUrl('notifications'));

/** The app's one notification center: the bell and the page share its stream and unread count. */
export const notificationCenter = new NotificationCenter({
  api: notificationsApi,
  stream: {
    accessToken: () => tokens.read()?.accessToken ?? null,
    refresh: (rejected) => refresher.refresh(rejected),
  },
  // A live notification is also a toast, with the icon of its type (docs/spa.md#toasts).
  toast: (n) => notify({ title: n.title, text: n.text, type: n.type }),
});
