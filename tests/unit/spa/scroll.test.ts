import { describe, expect, it, vi } from 'vitest';
import { ANCHOR_WAIT_MS, scrollForNavigation, type ScrollTarget } from '../../../src/app/navigation/scroll';

function page(ids: string[] = []) {
  const present = new Set(ids);
  const scrolled: string[] = [];
  let observer: (() => void) | null = null;
  const target: ScrollTarget = {
    getElementById: (id) => (present.has(id) ? { scrollIntoView: () => scrolled.push(`#${id}`) } : null),
    scrollTo: (x, y) => scrolled.push(`${x},${y}`),
    observe: (callback) => {
      observer = callback;
      return () => (observer = null);
    },
  };
  const add = (id: string) => {
    present.add(id);
    observer?.();
  };
  return { target, scrolled, add, observing: () => observer !== null };
}

describe('scroll on navigation (docs/spa.md#scroll)', () => {
  it('goes to the top without a hash anchor', () => {
    const { target, scrolled } = page();
    scrollForNavigation('', target);
    expect(scrolled).toEqual(['0,0']);
  });

  it('goes to the hash anchor when the location has one', () => {
    const { target, scrolled } = page(['materials']);
    scrollForNavigation('#materials', target);
    expect(scrolled).toEqual(['0,0', '#materials']);
  });

  it('decodes the anchor', () => {
    const { target, scrolled } = page(['note è']);
    scrollForNavigation('#note%20%C3%A8', target);
    expect(scrolled.at(-1)).toBe('#note è');
  });

  it('waits for an anchor that is still loading, then stops watching', () => {
    const { target, scrolled, add, observing } = page();
    scrollForNavigation('#lines', target);
    expect(observing()).toBe(true);
    add('lines');
    expect(scrolled).toEqual(['0,0', '#lines']);
    expect(observing()).toBe(false);
  });

  it('gives up at the top when the anchor never appears', () => {
    vi.useFakeTimers();
    try {
      const { target, scrolled, observing } = page();
      scrollForNavigation('#nowhere', target);
      vi.advanceTimersByTime(ANCHOR_WAIT_MS);
      expect(observing()).toBe(false);
      expect(scrolled).toEqual(['0,0']);
    } finally {
      vi.useRealTimers();
    }
  });
});
