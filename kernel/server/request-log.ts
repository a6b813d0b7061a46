/**
 * How requests appear in the log: one line per request once it is answered (method, URL, status,
 * time, Fastify's `reqId`), the incoming line only at debug, and the health and metrics probes
 * (polled every few seconds by an orchestrator) only at debug. Requests, replies and errors are
 * serialized here with their secrets censored (./log-redaction.ts).
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import type { MessageFormatFunc } from 'pino-pretty';
import { censorText } from './log-redaction';
import { writeCensored } from './log-plain';

/** Paths an orchestrator or a scraper polls: their lines would drown the others at info. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

export class RequestLog extends LogController {
  constructor(options: { disabled?: boolean } = {}) {
    super({ disableRequestLogging: options.disabled ?? false });
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    // Its fields are censored by the serializers: no field redaction to run (./logger.ts).
    else writeCensored(reply.log, PROBES.has(request.url.split('?')[0]) ? 'debug' : 'info', { reqId: request.id }, line, 'request completed');
  }
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

export const logSerializers = {
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: request.url === undefined ? undefined : censorText(request.url),
    host: request.host,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
  }),
  res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
  err: (error: Error) => censorStrings(pino.stdSerializers.err(error), 0),
};

/** An error's message, stack and other texts censored (a unique violation's detail quotes the mobile). */
function censorStrings<T>(value: T, depth: number): T {
  if (typeof value === 'string') return censorText(value) as T;
  if (depth > 3 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => censorStrings(item, depth + 1)) as T;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, censorStrings(item, depth + 1)])) as T;
}

/** pino-pretty's message: a request as `GET /path 200 3 ms`, an error with the request it broke, each with its request id. */
export const prettyRequestLine: MessageFormatFunc = (log, messageKey) => {
  const req = log.req as LoggedRequest | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  const message = String(log[messageKey] ?? '');
  const id = log.reqId === undefined ? '' : ` [${String(log.reqId)}]`;
  if (req && res && message === 'request completed') return `${req.method} ${req.url} ${res.statusCode} ${String(log.responseTime)} ms${id}`;
  if (req) return `${message} (${req.method} ${req.url})${id}`;
  return `${message}${id}`;
};
