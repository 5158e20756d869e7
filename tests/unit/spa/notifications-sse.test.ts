import { describe, expect, it } from 'vitest';
import { EventStreamParser } from '../../../src/shell/notifications/sse';

describe('text/event-stream parser', () => {
  it("reads the service's frames: retry, comments, id, event and data", () => {
    const parser = new EventStreamParser();
    const events = parser.feed(
      'retry: 3000\n: connected\n\nid: 6f1c\nevent: notification\ndata: {"id":"6f1c","title":"Ciao"}\n\n: ping\n\n',
    );
    expect(events).toEqual([{ event: 'notification', data: '{"id":"6f1c","title":"Ciao"}', lastEventId: '6f1c' }]);
    expect(parser.retry).toBe(3000);
    expect(parser.lastId).toBe('6f1c');
  });

  it('joins multi-line data and names unnamed events "message"', () => {
    expect(new EventStreamParser().feed('data: one\ndata:two\ndata\n\n')).toEqual([
      { event: 'message', data: 'one\ntwo\n', lastEventId: '' },
    ]);
  });

  it('keeps lines split across chunks, whatever the line endings', () => {
    const parser = new EventStreamParser();
    const text = 'id: a\r\nevent: notification\rdata: {"x":1}\r\n\r\nid: b\nevent: notification\ndata: {"x":2}\n\n';
    const events = [];
    // One character at a time: every split point, including between a CR and its LF.
    for (const c of text) events.push(...parser.feed(c));
    expect(events.map((e) => [e.lastEventId, e.data])).toEqual([
      ['a', '{"x":1}'],
      ['b', '{"x":2}'],
    ]);
  });

  it('dispatches nothing for an event without data, and ignores unknown fields and bad retries', () => {
    const parser = new EventStreamParser('start');
    expect(parser.feed('event: notification\nfoo: bar\nretry: soon\n\n')).toEqual([]);
    expect(parser.retry).toBeNull();
    expect(parser.lastId).toBe('start');
  });

  it('holds an incomplete event until its blank line comes', () => {
    const parser = new EventStreamParser();
    expect(parser.feed('event: notification\ndata: {}')).toEqual([]);
    expect(parser.feed('\n')).toEqual([]);
    expect(parser.feed('\n')).toEqual([{ event: 'notification', data: '{}', lastEventId: '' }]);
  });
});
