/**
 * A fake site event stream for tests: register `fake.factory` under EventSourceFactoryToken and
 * play the server's side.
 *
 *   const events = fakeSiteEvents();
 *   container.register(EventSourceFactoryToken, { useValue: events.factory });
 *   events.live()?.accept(['home']);          // open, then `hello`
 *   events.live()?.send('site', ['home', 'cart']);
 */
import type { SiteEventName } from '../core/site-events';
import type { EventSourceFactory, EventSourceLike } from './site-events';

export class FakeEventSource implements EventSourceLike {
  readyState = 0;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  private counter = 0;

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.readyState = 2;
  }

  /** The server answers: `open`, then `hello` with the enabled plugins. */
  accept(plugins: string[], id = 'boot.0'): void {
    this.readyState = 1;
    this.dispatch('open', new MessageEvent('open'));
    this.send('hello', plugins, id);
  }

  /** An event with its `id:` (a fresh one when left out); a string is sent as it is (for garbage). */
  send(name: SiteEventName, plugins: string[] | string, id = `boot.${++this.counter}`): void {
    const data = typeof plugins === 'string' ? plugins : JSON.stringify({ plugins });
    this.dispatch(name, new MessageEvent(name, { data, lastEventId: id }));
  }

  /** The connection drops (the browser reconnects by itself) or, `forGood`, is refused. */
  fail(forGood = false): void {
    this.readyState = forGood ? 2 : 0;
    this.dispatch('error', new MessageEvent('error'));
  }

  private dispatch(type: string, event: MessageEvent): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

export interface FakeSiteEvents {
  factory: EventSourceFactory;
  /** Every stream the kernel opened, oldest first. */
  streams: FakeEventSource[];
  /** The newest stream the kernel has not closed. */
  live(): FakeEventSource | undefined;
}

export function fakeSiteEvents(): FakeSiteEvents {
  const streams: FakeEventSource[] = [];
  return {
    streams,
    factory: (url) => {
      const stream = new FakeEventSource(url);
      streams.push(stream);
      return stream;
    },
    live: () => streams.findLast((stream) => stream.readyState < 2),
  };
}
