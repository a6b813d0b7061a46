/** The access token a call carries: its `Token` header, trimmed; '' when there is none. */
import type { FastifyRequest } from 'fastify';

export function requestToken(request: Pick<FastifyRequest, 'headers'>): string {
  const value = request.headers.token;
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}
