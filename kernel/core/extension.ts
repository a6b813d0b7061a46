/**
 * Typed extension points and services, as values (in the spirit of Backstage's
 * `createExtensionPoint`). The id is written once, where the value is made: in the offering
 * plugin's `points.ts`, a tiny module that imports only this file (types otherwise), so that
 * descriptors can import it without pulling server or React code into the browser's first load.
 * The plugin re-exports it from its `public-client.ts` (or `public.ts` on the server) and lists the
 * value under `offers` in its descriptor; a plugin that fills it imports the value, lists it under
 * `fills` and `requires` the offerer (the graph check refuses it otherwise). The value carries the
 * type, so a contribution of the wrong shape does not compile.
 */

/** A place other plugins fill with values of type `T` (`goods.actions`: buttons on the goods detail). */
export interface ExtensionPoint<T> {
  readonly id: string;
  /** Type only: never set. */
  readonly __value?: T;
}

export const createExtensionPoint = <T>(id: string): ExtensionPoint<T> => ({ id });

/** Any point, whatever it carries: what a descriptor's `offers` and `fills` list. */
export type AnyExtensionPoint = ExtensionPoint<unknown>;

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
