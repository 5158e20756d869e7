import { useEffect, useSyncExternalStore } from 'react';
import type { CenterState, NotificationCenter } from './center';

/** The center's state, keeping its stream open while the calling component is mounted. */
export function useNotificationCenter(center: NotificationCenter): CenterState {
  useEffect(() => center.start(), [center]);
  return useSyncExternalStore(center.subscribe, center.getState);
}
