/**
 * Aliyun's RPC request signature, version 1.0 (HMAC-SHA1), as its "签名机制" page describes it:
 * parameters sorted by name and percent-encoded (RFC 3986: only A–Z a–z 0–9 - _ . ~ stay), joined
 * into the canonical query, which is signed as `METHOD&%2F&<the canonical query, encoded again>`
 * with the key `AccessKeySecret&`.
 */
import crypto from 'node:crypto';

/** encodeURIComponent leaves `!'()*` alone; Aliyun encodes them too. */
export const percentEncode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `k=v&…` of every parameter, sorted by name and encoded: the form a request carries them in. */
export const canonicalQuery = (params: Readonly<Record<string, string>>): string =>
  Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key])}`)
    .join('&');

export const stringToSign = (method: 'GET' | 'POST', params: Readonly<Record<string, string>>): string =>
  `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;

/** The `Signature` parameter (before it is itself encoded into the request). */
export const rpcSignature = (method: 'GET' | 'POST', params: Readonly<Record<string, string>>, accessKeySecret: string): string =>
  crypto.createHmac('sha1', `${accessKeySecret}&`).update(stringToSign(method, params)).digest('base64');
