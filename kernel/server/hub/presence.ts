/**
 * Presence on the hub reaches the plugins that listen (`presence` in the server manifest), e.g.
 * chat pushes "staff member online" to the shoppers of their rooms. A handler runs only while its
 * plugin is enabled; a failure is logged and never reaches the hub or the other handlers.
 */
import { pluginScope, type CallDeps } from '../call-route';
import type { ServerPlugin } from '../plugin';
import type { Hub } from './hub';

export interface PresenceDeps extends CallDeps {
  log: { error(message: string): void };
}

/** Subscribes the plugins' presence handlers to the hub; the returned function unsubscribes. */
export function followPresence(hub: Hub, plugins: readonly ServerPlugin[], deps: PresenceDeps): () => void {
  const listening = plugins.filter((plugin) => typeof plugin.presence === 'function');
  return hub.onPresence((userId, online) => {
    for (const plugin of listening) {
      if (!deps.site.isEnabled(plugin.id)) continue;
      // Nobody's language: presence carries no text.
      const run = async () => plugin.presence?.({ userId, online }, pluginScope(plugin.id, 'zh-Hans', deps));
      run().catch((error: unknown) => {
        deps.log.error(`presence of user ${userId} (${online ? 'online' : 'offline'}) failed in plugin \`${plugin.id}\`: ${(error as Error)?.stack ?? String(error)}`);
      });
    }
  });
}
