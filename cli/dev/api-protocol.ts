/** What `storefront dev` and its API child process say to each other over the IPC channel. */

/** Given to the child as its one argument (JSON). */
export interface ApiChildOptions {
  root: string;
  site: string;
  dataDir: string;
  /** A `postgres://` URL; default the SQLite file `<dataDir>/<site>.sqlite`. */
  databaseUrl?: string;
  /** Default `<dataDir>/uploads`. */
  uploadsDir?: string;
}

export type ChildMessage =
  /** Listening on an internal port at `url`; `notes` are the demo logins. */
  | { type: 'ready'; url: string; notes: string[] }
  /** The API could not start (a broken plugin, a syntax error…); the child exits next. */
  | { type: 'failed'; message: string }
  /** The page with its bootstrap, or why there is none. */
  | { type: 'page'; id: number; html?: string; error?: string };

/**
 * Write the bootstrap into this index.html, as `storefront start` does for each page load (site,
 * signing key, live plugin list, first-screen data), so the parent never loads server code.
 */
export type ParentMessage = { type: 'page'; id: number; html: string };
