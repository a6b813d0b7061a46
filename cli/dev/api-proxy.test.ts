import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiProxyMiddleware, apiUpgradeForwarder, isApiPath, type ApiTarget } from './api-proxy';

/** The API stand-in: echoes calls, and answers WebSocket upgrades by echoing the socket. */
const api = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'X-Api': 'yes' });
    res.end(JSON.stringify({ method: req.method, url: req.url, key: req.headers['app-key'], body }));
  });
});
api.on('upgrade', (req, socket) => {
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Path: ${req.url}\r\n\r\n`);
  socket.pipe(socket);
});

let apiUrl = '';
let target: ApiTarget = async () => apiUrl;
const front = http.createServer((req, res) => {
  apiProxyMiddleware(() => target())(req, res, () => res.writeHead(200).end('from vite'));
});
front.on('upgrade', apiUpgradeForwarder(() => target(), (path) => path === '/chat/ws'));

const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`)),
  );
let frontUrl = '';

beforeAll(async () => {
  apiUrl = await listen(api);
  frontUrl = await listen(front);
});
afterAll(() => {
  front.close();
  api.close();
});

describe('the dev server forwards what belongs to the API', () => {
  it('tells API paths from the app', () => {
    expect(isApiPath('/api/index/index')).toBe(true);
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/uploads/seed/logo.png')).toBe(true);
    expect(isApiPath('/')).toBe(false);
    expect(isApiPath('/apis.ts')).toBe(false);
    expect(isApiPath('/@vite/client')).toBe(false);
  });

  it('forwards calls with their method, path, headers and body, and the reply with its headers', async () => {
    const response = await fetch(`${frontUrl}api/user/login?x=1`, { method: 'POST', headers: { 'App-Key': 'k' }, body: '{"a":1}' });
    expect(response.headers.get('x-api')).toBe('yes');
    expect(await response.json()).toEqual({ method: 'POST', url: '/api/user/login?x=1', key: 'k', body: '{"a":1}' });
    expect(await (await fetch(`${frontUrl}index.html`)).text()).toBe('from vite');
  });

  it('waits for a restart under way, then forwards', async () => {
    let release: (url: string) => void = () => undefined;
    target = () => new Promise((resolve) => (release = resolve));
    const pending = fetch(`${frontUrl}api/index/index`, { method: 'POST' });
    setTimeout(() => release(apiUrl), 100);
    expect((await (await pending).json()).url).toBe('/api/index/index');
    target = async () => apiUrl;
  });

  it('answers 503 with a pointer to the terminal while the API is down', async () => {
    target = async () => null;
    const response = await fetch(`${frontUrl}api/index/index`, { method: 'POST' });
    target = async () => apiUrl;
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('storefront dev');
  });

  it('pipes a WebSocket upgrade on an API path to the API, both ways', async () => {
    const { port } = new URL(frontUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.write('GET /api/socket HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    let received = '';
    await new Promise<void>((resolve) => {
      socket.on('data', (chunk) => {
        received += chunk.toString();
        if (received.includes('\r\n\r\n') && !received.includes('ping')) socket.write('ping');
        if (received.endsWith('ping')) resolve();
      });
    });
    socket.destroy();
    expect(received).toMatch(/^HTTP\/1\.1 101 /);
    expect(received).toContain('X-Path: /api/socket');
  });

  it("pipes the upgrade of the site's chat hub when its `wss` path lies outside /api/, and no other", async () => {
    const upgrade = (path: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(Number(new URL(frontUrl).port), '127.0.0.1');
        socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n`);
        let received = '';
        socket.on('data', (chunk) => {
          received += chunk.toString();
          if (received.includes('\r\n\r\n')) socket.destroy();
        });
        socket.on('close', () => resolve(received));
        // Not forwarded: nobody answers the upgrade.
        setTimeout(() => socket.destroy(), 300);
      });
    expect(await upgrade('/chat/ws?token=abc')).toContain('X-Path: /chat/ws?token=abc');
    expect(await upgrade('/elsewhere')).toBe('');
  });
});
