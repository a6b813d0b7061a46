/**
 * JSON replies compressed for clients that accept it (br, gzip…). Only JSON: the built app's files
 * are precompressed once (../precompress.ts) and the page compresses itself (../serve-app.ts); the
 * site event stream must reach the browser line by line, never held in a compressor's buffer. A
 * reply that already names its Content-Encoding is left as it is. Request bodies stay as sent:
 * no call needs them compressed.
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;

/** Before the routes: the plugin hooks each route as it is added. */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { customTypes: JSON_TYPE, globalDecompression: false });
}
