/** A toast hides itself after this long (docs/spa.md#toasts). */
export const TOAST_DELAY_MS = 4000;
/** How long the hiding animation lasts before the toast leaves the list. */
export const TOAST_EXIT_MS = 200;

export type ToastType = 'error' | 'normal';

/** An in-app notification (docs/spa.md#toasts). */
export interface Toast {
  /** An incrementing counter. */
  id: number;
  title: string;
  text: string;
  /** A comment icon for normal notifications, a warning triangle for errors. */
  icon: 'comment' | 'warning-triangle';
  /** False when added, true while shown. */
  visible: boolean;
  type: ToastType;
}

export interface ToastInput {
  title: string;
  text: string;
  type?: ToastType;
}

type Timers = Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>;

export interface ToastStore {
  /** Adds a notification and shows it at once; resolves nothing, returns its id. */
  add(input: ToastInput): number;
  /** Hides a toast (its time is up or the user closed it); it leaves the list once hidden. */
  hide(id: number): void;
  list(): readonly Toast[];
  subscribe(listener: () => void): () => void;
}

/**
 * The notification list (docs/spa.md#toasts): a notification is added to the list, shown as a
 * toast straight away, hidden after 4000 ms and then removed from the list. The same message arriving
 * again while its toast is shown (five requests failing together) restarts that toast's time instead
 * of stacking copies.
 */
export function createToastStore(timers: Timers = globalThis): ToastStore {
  let counter = 0;
  let toasts: readonly Toast[] = [];
  const hideTimers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const patch = (id: number, change: Partial<Toast>) => {
    toasts = toasts.map((t) => (t.id === id ? { ...t, ...change } : t));
    emit();
  };
  const scheduleHide = (id: number) => {
    timers.clearTimeout(hideTimers.get(id));
    hideTimers.set(
      id,
      timers.setTimeout(() => store.hide(id), TOAST_DELAY_MS),
    );
  };

  const store: ToastStore = {
    add({ title, text, type = 'normal' }) {
      const same = toasts.find((t) => t.visible && t.type === type && t.title === title && t.text === text);
      if (same) {
        scheduleHide(same.id);
        return same.id;
      }
      const toast: Toast = {
        id: ++counter,
        title,
        text,
        type,
        icon: type === 'error' ? 'warning-triangle' : 'comment',
        visible: false,
      };
      toasts = [...toasts, toast];
      emit();
      patch(toast.id, { visible: true });
      scheduleHide(toast.id);
      return toast.id;
    },
    hide(id) {
      const toast = toasts.find((t) => t.id === id);
      if (!toast?.visible) return;
      timers.clearTimeout(hideTimers.get(id));
      hideTimers.delete(id);
      patch(id, { visible: false });
      timers.setTimeout(() => {
        toasts = toasts.filter((t) => t.id !== id);
        emit();
      }, TOAST_EXIT_MS);
    },
    list: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

/** The app's notification list. */
export const toasts = createToastStore();

/** Shows a notification as a toast; for any code of the app (live notifications, actions, errors). */
export function notify(input: ToastInput): number {
  return toasts.add(input);
}
