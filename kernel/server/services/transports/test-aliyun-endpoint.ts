/**
 * A local HTTP server standing in for Aliyun's Dysmsapi endpoint in tests: it keeps each request
 * (method, content type, form parameters) and answers what the test set, SendSms's success
 * (`{"Code":"OK",…}`) by default.
 *
 *   const aliyun = await startTestAliyunEndpoint();
 *   aliyun.answer(200, { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1', RequestId: 'R1' });
 *   …new AliyunSmsTransport({ …, endpoint: aliyun.url })…
 *   const [request] = aliyun.requests;  request.params.get('PhoneNumbers')
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AliyunRequest {
  method: string;
  contentType: string | undefined;
  params: URLSearchParams;
}

export interface TestAliyunEndpoint {
  url: string;
  requests: AliyunRequest[];
  /** What the next requests get: a status and a JSON reply or raw text. */
  answer(status: number, body: object | string): void;
  /** The next requests get no answer at all (a hung endpoint). */
  hang(): void;
  close(): Promise<void>;
}

export async function startTestAliyunEndpoint(): Promise<TestAliyunEndpoint> {
  const requests: AliyunRequest[] = [];
  let reply: { status: number; body: object | string } | null = { status: 200, body: { Code: 'OK', Message: 'OK', RequestId: 'TEST-REQUEST', BizId: '900619746936498440^0' } };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', contentType: request.headers['content-type'], params: new URLSearchParams(Buffer.concat(chunks).toString('utf8')) });
      if (!reply) return;
      const json = typeof reply.body === 'object';
      response.writeHead(reply.status, { 'content-type': json ? 'application/json;charset=utf-8' : 'text/html' });
      response.end(json ? JSON.stringify(reply.body) : reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    answer(status, body) {
      reply = { status, body };
    },
    hang() {
      reply = null;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
