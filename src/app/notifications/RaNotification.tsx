import { useMemo } from 'react';
import { Notification, NotificationContext, useNotificationContext } from 'react-admin';
import { SYSTEM_ERROR } from '../../../dataProviders/http';

const isSystem = (n: { message: unknown }) => n.message === SYSTEM_ERROR;

/**
 * react-admin's own notifications (saved, deleted, validation errors, undo), minus the ones about a
 * system error: the error toast already says it, with more detail, and one failure shows one message.
 */
export const RaNotification = () => {
  const context = useNotificationContext();
  const filtered = useMemo(() => {
    const { notifications, setNotifications } = context;
    const shown = notifications.filter((n) => !isSystem(n));
    return {
      ...context,
      notifications: shown,
      takeNotification: () => {
        const [first] = shown;
        setNotifications((all) => all.filter((n) => n !== first && !isSystem(n)));
        return first;
      },
    };
  }, [context]);
  return (
    <NotificationContext.Provider value={filtered}>
      <Notification />
    </NotificationContext.Provider>
  );
};
