import { useEffect, useSyncExternalStore } from 'react';
import type { CenterState, NotificationCenter } from './center';

/** The center's state, keeping its stream open while the calling component is mounted (and `enabled`). */
export function useNotificationCenter(center: NotificationCenter, enabled = true): CenterState {
  useEffect(() => (enabled ? center.start() : undefined), [center, enabled]);
  return useSyncExternalStore(center.subscribe, center.getState);
}
