import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { en } from '../../../i18n/en';
import { it as itCatalogue } from '../../../i18n/it';
import { createToastStore, TOAST_DELAY_MS, TOAST_EXIT_MS, toasts } from '../../../src/app/notifications/store';
import { notifySystemError } from '../../../src/app/notifications/system';
import Toaster from '../../../src/app/notifications/Toaster';

/** A translate over a catalogue, as polyglot does with the app dictionaries. */
const translator = (catalogue: object) => (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue) as string;
const italian = translator({
  ...itCatalogue,
  ra: { notification: { http_error: 'Errore di comunicazione con il server' } },
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('notification list (docs/spa.md#toasts)', () => {
  it('adds a notification with an incrementing id, not visible, then shows it at once', () => {
    const store = createToastStore();
    const seen: boolean[] = [];
    store.subscribe(() => seen.push(store.list().at(-1)?.visible ?? false));
    const first = store.add({ title: 'A', text: 'a' });
    const second = store.add({ title: 'B', text: 'b' });
    expect(second).toBe(first + 1);
    // Added invisible, then shown straight away.
    expect(seen.slice(0, 2)).toEqual([false, true]);
    expect(store.list().map((t) => t.visible)).toEqual([true, true]);
  });

  it('hides a toast after 4000 ms and then removes it from the list', () => {
    const store = createToastStore();
    store.add({ title: 'A', text: 'a' });
    vi.advanceTimersByTime(TOAST_DELAY_MS - 1);
    expect(store.list()[0].visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.list()[0].visible).toBe(false);
    vi.advanceTimersByTime(TOAST_EXIT_MS);
    expect(store.list()).toEqual([]);
  });

  it('gives normal notifications a comment icon and errors a warning triangle', () => {
    const store = createToastStore();
    store.add({ title: 'A', text: 'a' });
    store.add({ title: 'B', text: 'b', type: 'error' });
    expect(store.list().map((t) => [t.type, t.icon])).toEqual([
      ['normal', 'comment'],
      ['error', 'warning-triangle'],
    ]);
  });

  it('shows the same message once while it is visible, restarting its time', () => {
    const store = createToastStore();
    store.add({ title: 'A', text: 'a', type: 'error' });
    vi.advanceTimersByTime(3000);
    store.add({ title: 'A', text: 'a', type: 'error' });
    expect(store.list()).toHaveLength(1);
    vi.advanceTimersByTime(3000);
    expect(store.list()[0].visible).toBe(true);
  });

  it('lets the user close a toast early', () => {
    const store = createToastStore();
    const id = store.add({ title: 'A', text: 'a' });
    store.hide(id);
    vi.advanceTimersByTime(TOAST_EXIT_MS);
    expect(store.list()).toEqual([]);
  });
});

describe('system error toast (docs/spa.md#errors-and-toasts)', () => {
  it("is titled 'Errore di sistema' followed by the detail, with the quoted body", () => {
    notifySystemError(new HttpError('app.errors.system', 503, { title: 'Service Unavailable' }), italian);
    const toast = toasts.list().at(-1)!;
    expect(toast).toMatchObject({
      type: 'error',
      icon: 'warning-triangle',
      title: 'Errore di sistema: HTTP 503 Service Unavailable',
      text: "Riprova più tardi o contatta l'assistenza tecnica.",
    });
  });

  it('names an unreachable service', () => {
    notifySystemError(new HttpError('app.errors.system', 0, {}), italian);
    expect(toasts.list().at(-1)!.title).toBe('Errore di sistema: Errore di comunicazione con il server');
  });

  it('has English equivalents', () => {
    expect([en.app.errors.system, en.app.errors.systemBody, en.app.toasts.now]).toEqual([
      'System error',
      'Try again later or contact technical support.',
      'Now',
    ]);
  });
});

describe('toasts on screen', () => {
  const store = createToastStore();
  store.add({ title: 'Nuova richiesta', text: 'Mario Rossi ha aperto una richiesta' });
  store.add({ title: 'Errore di sistema: HTTP 500', text: 'Riprova', type: 'error' });
  const html = renderToString(<Toaster toasts={store.list()} onClose={() => {}} translate={translator(itCatalogue)} />);

  it("label a normal toast 'Ora' with a comment icon, an error with a warning triangle", () => {
    expect(html).toContain('Ora');
    expect(html.match(/Ora/g)).toHaveLength(1);
    expect(html).toContain('data-icon="comment"');
    expect(html).toContain('data-icon="warning-triangle"');
    expect(html).toContain('role="alert"');
    expect(html).toContain('Mario Rossi ha aperto una richiesta');
  });

  it('sit at the bottom end of the screen', () => {
    expect(html).toMatch(/position:\s*fixed/);
    expect(html).toMatch(/bottom:\s*16px/);
    expect(html).toMatch(/inset-inline-end:\s*16px/);
  });
});
