/**
 * The OpenAPI 3.1 document of the calls the site serves right now (kernel + enabled plugins),
 * built from the same zod/mini schemas that validate the payloads. Public at GET /api/docs.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { CallDef } from '../core/contract';
import { KERNEL, type CallRoute } from './call-route';
import type { LiveSiteConfig, LoadedSite } from './site-config';
import { KERNEL_VERSION } from './version';

type JsonSchema = Record<string, unknown>;

const SIGNED = ['AppKey', 'Timestamp', 'Authorization', 'Lang'].map((name) => ({ $ref: `#/components/parameters/${name}` }));

export function openApiDocument(routes: readonly CallRoute[], site: LoadedSite): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { plugin, call } of routes) {
    if (plugin !== KERNEL && !site.enabled.includes(plugin)) continue;
    paths[call.path] = { ...paths[call.path], [call.method.toLowerCase()]: operation(plugin, call) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${site.file.site.siteName} API`,
      version: KERNEL_VERSION,
      description:
        'Every call answers HTTP 200 with the envelope {code, msg, time, data}: code 1 is success, code 0 a business ' +
        'refusal whose msg is in the language of the Lang header. Calls are signed: App-Key, Timestamp (unix seconds, ' +
        '±300 s) and Authorization = md5(key + secret + timestamp).',
    },
    paths,
    components: {
      securitySchemes: { Token: { type: 'apiKey', in: 'header', name: 'Token' } },
      parameters: {
        AppKey: header('App-Key', 'The site app key'),
        Timestamp: header('Timestamp', 'Unix seconds, within 300 s of the server time'),
        Authorization: header('Authorization', 'md5(App-Key + app secret + Timestamp), hex'),
        Lang: { ...header('Lang', 'zh-cn / zh-Hans (default) or en'), required: false },
      },
      schemas: {
        Envelope: {
          type: 'object',
          required: ['code', 'msg', 'time', 'data'],
          properties: {
            code: { type: 'integer', enum: [0, 1], description: '1 success, 0 business refusal' },
            msg: { type: 'string' },
            time: { type: 'string', description: 'Server time, unix seconds' },
            data: { description: 'The reply on code 1; on a refusal of fields (a bad payload, a taken username…) a FieldRefusal' },
          },
        },
        FieldRefusal: {
          type: 'object',
          description:
            'Every field refused, at most one problem each; `field`/`message` repeat the first. Messages carry no label; ' +
            "the envelope's msg joins the labelled messages. `field` is the wire name, '' for the payload as a whole.",
          required: ['field', 'message', 'problems'],
          properties: {
            field: { type: 'string' },
            message: { type: 'string' },
            problems: {
              type: 'array',
              items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
            },
          },
        },
      },
    },
  };
}

function operation(plugin: string, call: CallDef): JsonSchema {
  const payload = z.toJSONSchema(call.payload, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete payload.$schema;
  const op: JsonSchema = {
    operationId: `${plugin}.${call.method.toLowerCase()}${call.path.replace(/^\/api/, '').replace(/\/(\w)/g, (_, c: string) => c.toUpperCase())}`,
    summary: call.summary,
    tags: [plugin],
    parameters: [...SIGNED],
    responses: {
      200: { description: 'The envelope; `data` is the reply on code 1', content: json({ $ref: '#/components/schemas/Envelope' }) },
      403: { description: 'Bad signature or stale timestamp' + (call.owner ? `, or \`${call.owner}\` names another user` : '') },
      ...(call.auth === 'required' ? { 401: { description: 'Login required, or the token is invalid or expired' } } : {}),
    },
  };
  if (call.auth !== 'none') op.security = call.auth === 'required' ? [{ Token: [] }] : [{ Token: [] }, {}];
  if (call.multipart) {
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
        },
      },
    };
  } else if (call.method === 'GET') {
    const properties = (payload.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((payload.required as string[] | undefined) ?? []);
    op.parameters = [
      ...SIGNED,
      ...Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema })),
    ];
  } else {
    op.requestBody = { required: false, content: json(payload) };
  }
  return op;
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const header = (name: string, description: string) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });

export function installOpenApi(app: FastifyInstance, routes: readonly CallRoute[], site: LiveSiteConfig): void {
  app.get('/api/docs', async () => openApiDocument(routes, site.current()));
}
