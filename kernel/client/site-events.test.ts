import { describe, expect, it } from 'vitest';
import type { SiteEventData, SiteEventName } from '../core/site-events';
import { createSiteEvents, siteEventsUrl } from './site-events';
import { fakeSiteEvents } from './site-events.fake';

function setup(apiUrl = '') {
  const server = fakeSiteEvents();
  const heard: [SiteEventName, SiteEventData | null][] = [];
  const events = createSiteEvents({ apiUrl: () => apiUrl, factory: server.factory, onEvent: (name, data) => heard.push([name, data]) });
  return { server, heard, events };
}

describe('site event stream (browser side)', () => {
  it('lives under the site’s apiUrl, or on the page’s own host', () => {
    expect(siteEventsUrl('')).toBe('/api/site/events');
    expect(siteEventsUrl('https://api.shop.test/')).toBe('https://api.shop.test/api/site/events');
    expect(siteEventsUrl('https://shop.test/v2', 'k1.3')).toBe('https://shop.test/v2/api/site/events?since=k1.3');
  });

  it('opens one stream and hands on each event', () => {
    const { server, heard, events } = setup('https://api.shop.test');
    events.open();
    events.open();
    expect(server.streams.map((s) => s.url)).toEqual(['https://api.shop.test/api/site/events']);
    server.live()!.accept(['home']);
    server.live()!.send('site', ['home', 'cart']);
    server.live()!.send('site', ['home']);
    expect(heard).toEqual([
      ['hello', { plugins: ['home'] }],
      ['site', { plugins: ['home', 'cart'] }],
      ['site', { plugins: ['home'] }],
    ]);
  });

  it('is live once the stream gets through, and not after it fails', () => {
    const { server, events } = setup();
    events.open();
    expect(events.live).toBe(false);
    server.live()!.accept(['home']);
    expect(events.live).toBe(true);
    server.live()!.fail();
    expect(events.live).toBe(false);
  });

  it('opens again with the last id it saw, so the server can say what it missed', () => {
    const { server, heard, events } = setup();
    events.open();
    server.live()!.accept(['home'], 'k1.4');
    events.close();
    expect(server.streams[0].readyState).toBe(2);
    events.open();
    expect(server.live()!.url).toBe('/api/site/events?since=k1.4');
    // A stream it let go says nothing any more.
    server.streams[0].send('site', ['home', 'cart']);
    expect(heard).toHaveLength(1);
  });

  it('tries a new stream on the next open when the browser gave one up (refused)', () => {
    const { server, events } = setup();
    events.open();
    server.live()!.fail(true);
    events.open();
    expect(server.streams).toHaveLength(2);
    // While the browser reconnects by itself, open() leaves it to it.
    server.live()!.fail();
    events.open();
    expect(server.streams).toHaveLength(2);
  });

  it('hands on an unreadable event as null', () => {
    const { server, heard, events } = setup();
    events.open();
    server.live()!.send('site', 'garbage');
    expect(heard).toEqual([['site', null]]);
  });
});
