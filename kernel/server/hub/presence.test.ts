/**
 * The hub's presence: a user comes online with their first connection and goes offline with
 * their last, whatever the number of tabs; closing the app tells nobody.
 */
import { describe, expect, it } from 'vitest';
import { createHub } from './hub';

function connection(userId: number) {
  return { userId, session: `session-${userId}`, send: () => true, sendMany: () => true, close: async () => undefined };
}

function listen(hub: ReturnType<typeof createHub>) {
  const heard: string[] = [];
  const stop = hub.onPresence((userId, online) => heard.push(`${userId}:${online ? 'online' : 'offline'}`));
  return { heard, stop };
}

describe('hub presence', () => {
  it('announces the first connection of a user and the end of their last one', () => {
    const hub = createHub();
    const { heard } = listen(hub);
    const forgetFirst = hub.add(connection(7));
    const forgetSecond = hub.add(connection(7));
    expect(heard).toEqual(['7:online']);
    forgetFirst();
    expect(heard).toEqual(['7:online']);
    forgetSecond();
    expect(heard).toEqual(['7:online', '7:offline']);
    expect(hub.service.isOnline(7)).toBe(false);
  });

  it('keeps users apart and says nothing for a connection forgotten twice', () => {
    const hub = createHub();
    const { heard } = listen(hub);
    const forgetAnn = hub.add(connection(1));
    hub.add(connection(2));
    forgetAnn();
    forgetAnn();
    expect(heard).toEqual(['1:online', '2:online', '1:offline']);
  });

  it('stops telling a listener that unsubscribed', () => {
    const hub = createHub();
    const { heard, stop } = listen(hub);
    hub.add(connection(3));
    stop();
    hub.add(connection(4));
    expect(heard).toEqual(['3:online']);
  });

  it('tells nobody when the app closes', async () => {
    const hub = createHub();
    const { heard } = listen(hub);
    const forget = hub.add(connection(5));
    await hub.close();
    forget();
    expect(heard).toEqual(['5:online']);
  });
});
