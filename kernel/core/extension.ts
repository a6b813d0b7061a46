/**
 * Typed extension points and services, as values (in the spirit of Backstage's
 * `createExtensionPoint`). The plugin that offers one exports it from its `public-client.ts` (or
 * `public.ts` on the server) and lists its id under `offers` in its descriptor; a plugin that
 * fills it imports the value, lists the id under `fills` and `requires` the offerer (the graph
 * check refuses it otherwise). The value carries the type, so a contribution of the wrong shape
 * does not compile, and nobody spells the id twice.
 */

/** A place other plugins fill with values of type `T` (`goods.actions`: buttons on the goods detail). */
export interface ExtensionPoint<T> {
  readonly id: string;
  /** Type only: never set. */
  readonly __value?: T;
}

export const createExtensionPoint = <T>(id: string): ExtensionPoint<T> => ({ id });

/** A plugin's contribution to one extension point. */
export interface Contribution<T = unknown> {
  readonly point: string;
  readonly value: T;
}

/** Contributions of `values` to `point`: `contributes: [...contribute(goodsActions, addToCart)]`. */
export const contribute = <T>(point: ExtensionPoint<T>, ...values: T[]): Contribution<T>[] => values.map((value) => ({ point: point.id, value }));

/** The values contributed to `point` among these contributions, in order. */
export const valuesOf = <T>(contributions: readonly Contribution[], point: ExtensionPoint<T>): T[] =>
  contributions.filter((c) => c.point === point.id).map((c) => c.value as T);

/** A service one plugin provides to others (`cart.reload`), owned by `plugin`. */
export interface ServiceRef<T> {
  readonly plugin: string;
  readonly id: string;
  /** Type only: never set. */
  readonly __value?: T;
}

export const createServiceRef = <T>(plugin: string, id: string): ServiceRef<T> => ({ plugin, id });
