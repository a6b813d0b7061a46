/**
 * The hub's route: a WebSocket at the path of the site's `wss` (read at start; moving it needs a
 * restart). Browsers cannot set headers on a WebSocket, so the access token comes as the `token`
 * query parameter and the language as `lang` (else the browser's Accept-Language). A missing,
 * expired or revoked token, or a locked account, is closed with CLOSE_UNAUTHORISED. The connection
 * belongs to the token's session: when that session ends, the hub closes it (CLOSE_SESSION_ENDED).
 *
 * `?public=1` without a token opens a visitor's read-only connection at once (./visitor.ts): it
 * only receives broadcasts. Past the visitors' caps (per IP, per node) it is closed with
 * CLOSE_TOO_MANY. A token, when given, wins: that connection is the user's.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { CLOSE_TOO_MANY, CLOSE_UNAUTHORISED, MAX_FRAME_BYTES, PUBLIC_PARAM } from '../../core/socket';
import { parseLang } from '../i18n';
import type { AuthUser, Lang, Session } from '../plugin';
import { openConnection, type ConnectionDeps } from './connection';
import { CLOSE_GOING_AWAY, type Hub } from './hub';
import { openVisitor } from './visitor';

/** The close code of a server fault (the token could not be checked). */
const CLOSE_SERVER_ERROR = 1011;

export interface HubRouteDeps extends ConnectionDeps {
  hub: Hub;
}

export async function installHub(app: FastifyInstance, path: string, deps: HubRouteDeps): Promise<void> {
  const { hub } = deps;
  // Before the plugin's own preClose, which closes sockets without waiting for handlers under way.
  app.addHook('preClose', async () => hub.close());
  // In a scope of its own: the plugin's hooks run for the hub's route, not for every call.
  await app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
    scope.get(path, { websocket: true }, (socket, request) => onSocket(socket, request, deps));
  });
}

function onSocket(socket: WebSocket, request: FastifyRequest, deps: HubRouteDeps): void {
  if (!queryValue(request, 'token') && queryValue(request, PUBLIC_PARAM) === '1') {
    acceptVisitor(socket, request, deps);
    return;
  }
  // Frames that arrive while the token is checked are kept, not lost (a client pings on open).
  const early: [RawData, boolean][] = [];
  const keep = (data: RawData, isBinary: boolean) => early.push([data, isBinary]);
  socket.on('message', keep);

  void authenticate(request, deps).then(
    (who) => {
      socket.off('message', keep);
      if (!who) {
        socket.close(CLOSE_UNAUTHORISED, 'unauthorised');
        return;
      }
      if (socket.readyState !== socket.OPEN) return;
      accept(socket, who, languageOf(request), deps, early);
    },
    (error: unknown) => {
      deps.log.error(`socket: the token could not be checked: ${(error as Error)?.stack ?? String(error)}`);
      socket.close(CLOSE_SERVER_ERROR, 'server error');
    },
  );
}

function accept(socket: WebSocket, who: Authenticated, lang: Lang, deps: HubRouteDeps, early: [RawData, boolean][]) {
  const connection = openConnection(socket, { user: who.user, session: who.session.id, lang, budget: deps.hub.budget(who.user.id) }, deps);
  const forget = deps.hub.add(connection);
  socket.once('close', forget);
  for (const [data, isBinary] of early) connection.receive(data, isBinary);
  socket.on('message', connection.receive);
}

function acceptVisitor(socket: WebSocket, request: FastifyRequest, deps: HubRouteDeps): void {
  const { hub } = deps;
  // The budget is looked up per frame: a visitor refused by the caps leaves none behind.
  const visitor = openVisitor(socket, { lang: languageOf(request), budget: () => hub.visitorBudget(request.ip) }, deps);
  const forget = hub.addVisitor(visitor, request.ip);
  if (!forget) {
    // The app closing: the client reconnects to the next one; else the caps refused it.
    if (hub.closing) socket.close(CLOSE_GOING_AWAY);
    else socket.close(CLOSE_TOO_MANY, 'too many connections');
    return;
  }
  socket.once('close', forget);
  socket.on('message', visitor.receive);
}

interface Authenticated {
  user: AuthUser;
  session: Session;
}

async function authenticate(request: FastifyRequest, deps: HubRouteDeps): Promise<Authenticated | null> {
  const token = queryValue(request, 'token');
  if (!token) return null;
  const [user, session] = await Promise.all([deps.services.tokens.authenticate(token), deps.services.tokens.session(token, 'access')]);
  return user && session ? { user, session } : null;
}

function languageOf(request: FastifyRequest): Lang {
  return parseLang(queryValue(request, 'lang') || request.headers.lang || request.headers['accept-language']);
}

function queryValue(request: FastifyRequest, name: string): string {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.trim() : '';
}
