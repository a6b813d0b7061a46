/**
 * The developer's one URL: Vite serves the app, and these forward what belongs to the API
 * (calls, uploads, and its WebSocket upgrades) to the API child on its internal port. Forwarding
 * waits for a restart under way (`target()`), so a call made right after a save is answered by
 * the new code instead of failing.
 */
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';

/** Paths the API answers; everything else is Vite's. */
export const API_PATH_PREFIXES = ['/api/', '/uploads/'] as const;

export const isApiPath = (url: string | undefined): boolean =>
  url !== undefined && (url === '/api' || API_PATH_PREFIXES.some((prefix) => url.startsWith(prefix)));

/** The API's base URL once it is up; null while it is down. */
export type ApiTarget = () => Promise<string | null>;

const DOWN_MESSAGE = 'The API is not running: see the terminal of `storefront dev`; it restarts on the next change.';

type Next = (error?: unknown) => void;

/** A connect middleware (Vite's `server.middlewares`) forwarding API paths. */
export function apiProxyMiddleware(target: ApiTarget) {
  return (req: http.IncomingMessage, res: http.ServerResponse, next: Next): void => {
    if (!isApiPath(req.url)) return next();
    void target().then((base) => {
      if (!base) {
        res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end(DOWN_MESSAGE);
        return;
      }
      const { hostname, port } = new URL(base);
      const upstream = http.request({ hostname, port, method: req.method, path: req.url, headers: req.headers }, (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.statusMessage, reply.headers);
        reply.pipe(res);
      });
      upstream.on('error', (error) => {
        if (res.headersSent) res.destroy();
        else res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`The API did not answer: ${error.message}`);
      });
      res.on('close', () => upstream.destroy());
      req.pipe(upstream);
    }, next);
  };
}

/**
 * An `upgrade` listener for the HTTP server: WebSocket requests on API paths, and on the path of
 * the site's chat hub wherever `wss` puts it (`isHubPath`), are piped to the API as they came;
 * others (Vite's own HMR socket) are left to their listeners.
 */
export function apiUpgradeForwarder(target: ApiTarget, isHubPath: (path: string) => boolean = () => false) {
  return (req: http.IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (!isApiPath(req.url) && !isHubPath((req.url ?? '').split('?')[0])) return;
    socket.on('error', () => socket.destroy());
    void target().then((base) => {
      if (!base) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
        return;
      }
      const { hostname, port } = new URL(base);
      const upstream = net.connect(Number(port), hostname, () => {
        const headers: string[] = [];
        for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        upstream.write(`${req.method} ${req.url} HTTP/${req.httpVersion}\r\n${headers.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        socket.pipe(upstream).pipe(socket);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('close', () => upstream.destroy());
    });
  };
}
