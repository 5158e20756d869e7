/** One dispatched server-sent event (WHATWG HTML, "event stream interpretation"). */
export interface ServerSentEvent {
  /** `message` when the stream names none. */
  event: string;
  data: string;
  /** The stream's last event id once this event was read (ids persist across events). */
  lastEventId: string;
}

/**
 * An incremental text/event-stream parser: feed it decoded chunks as they arrive, it returns the
 * events completed so far. Lines may end in CRLF, LF or CR, and may be split anywhere between chunks.
 */
export class EventStreamParser {
  private buffer = '';
  private pendingCR = false;
  private data: string[] = [];
  private eventType = '';
  private lastEventId = '';
  /** The reconnection time the server asked for (`retry:`), in milliseconds. */
  retry: number | null = null;

  constructor(lastEventId = '') {
    this.lastEventId = lastEventId;
  }

  get lastId(): string {
    return this.lastEventId;
  }

  feed(chunk: string): ServerSentEvent[] {
    const events: ServerSentEvent[] = [];
    let text = chunk;
    // A CR ending the previous chunk and an LF starting this one are one line break.
    if (this.pendingCR && text.startsWith('\n')) text = text.slice(1);
    this.pendingCR = false;
    this.buffer += text;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c !== '\n' && c !== '\r') continue;
      this.line(this.buffer.slice(start, i), events);
      if (c === '\r') {
        if (i + 1 === this.buffer.length) this.pendingCR = true;
        else if (this.buffer[i + 1] === '\n') i++;
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  private line(line: string, events: ServerSentEvent[]): void {
    if (line === '') {
      this.dispatch(events);
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        break;
      case 'event':
        this.eventType = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      default:
      // Unknown fields are ignored, as the standard says.
    }
  }

  private dispatch(events: ServerSentEvent[]): void {
    const type = this.eventType || 'message';
    this.eventType = '';
    if (this.data.length === 0) return;
    events.push({ event: type, data: this.data.join('\n'), lastEventId: this.lastEventId });
    this.data = [];
  }
}
