/**
 * A loopback stand-in for Aliyun OSS and STS that speaks the documented HTTP contract the product
 * uses: PutObject / GetObject / DeleteMultipleObjects signed with the OSS V1 header signature
 * (HMAC-SHA1 over verb, Content-MD5, Content-Type, Date, x-oss-* headers and /bucket/key), and
 * STS AssumeRole (RPC-style HMAC-SHA1 signature over the sorted form parameters). Bad signatures
 * are refused with OSS's own error codes, so a client that signs wrongly fails here as it would there.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface OssStandIn {
  url: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  assumed: { roleArn: string; policy: unknown; session: string }[];
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });

const escape = (s: string) =>
  encodeURIComponent(s).replace(/!/g, '%21').replace(/'/g, '%27').replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/\*/g, '%2A');
const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message><RequestId>${randomBytes(8).toString('hex')}</RequestId></Error>`;

export async function startOssStandIn(opts: { bucket: string; accessKeyId: string; accessKeySecret: string }): Promise<OssStandIn> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const assumed: OssStandIn['assumed'] = [];
  const secrets = new Map([[opts.accessKeyId, { secret: opts.accessKeySecret, token: null as string | null }]]);

  // OSS signs x-oss-date in the Date position when the client sends it (browsers cannot set Date).
  const dateLine = (req: IncomingMessage) => String(req.headers['x-oss-date'] ?? req.headers.date ?? '');
  const verifyOss = (req: IncomingMessage, resource: string): string | null => {
    const auth = req.headers.authorization ?? '';
    const m = /^OSS ([^:]+):(.+)$/.exec(auth);
    if (!m) return 'AccessDenied';
    const cred = secrets.get(m[1]!);
    if (!cred) return 'InvalidAccessKeyId';
    if (cred.token && req.headers['x-oss-security-token'] !== cred.token) return 'InvalidSecurityToken';
    const ossHeaders = Object.keys(req.headers)
      .filter((h) => h.startsWith('x-oss-'))
      .sort()
      .map((h) => `${h}:${String(req.headers[h]).trim()}\n`)
      .join('');
    const toSign =
      [req.method, req.headers['content-md5'] ?? '', req.headers['content-type'] ?? '', dateLine(req)].join('\n') +
      '\n' +
      ossHeaders +
      resource;
    const expected = createHmac('sha1', cred.secret).update(toSign).digest('base64');
    return expected === m[2] ? null : 'SignatureDoesNotMatch';
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const body = await readBody(req);
    if (req.method === 'POST' && url.pathname === '/sts') {
      const params = Object.fromEntries(new URLSearchParams(body.toString('utf8')));
      const { Signature, ...rest } = params;
      const cred = secrets.get(rest.AccessKeyId ?? '');
      const canon = Object.keys(rest)
        .sort()
        .map((k) => `${escape(k)}=${escape(rest[k]!)}`)
        .join('&');
      const expected = cred
        ? createHmac('sha1', `${cred.secret}&`)
            .update(`POST&${escape('/')}&${escape(canon)}`)
            .digest('base64')
        : '';
      res.setHeader('content-type', 'application/json');
      if (!cred || expected !== Signature || rest.Action !== 'AssumeRole') {
        res.statusCode = 400;
        return res.end(
          JSON.stringify({
            Code: 'SignatureDoesNotMatch',
            Message: 'Specified signature is not matched with our calculation.',
            RequestId: 'x',
          }),
        );
      }
      const id = `STS.${randomBytes(6).toString('hex')}`;
      const secret = randomBytes(12).toString('hex');
      const token = randomBytes(24).toString('base64');
      secrets.set(id, { secret, token });
      assumed.push({ roleArn: rest.RoleArn!, policy: rest.Policy ? JSON.parse(rest.Policy) : null, session: rest.RoleSessionName! });
      return res.end(
        JSON.stringify({
          RequestId: 'x',
          AssumedRoleUser: { Arn: `${rest.RoleArn}/${rest.RoleSessionName}`, AssumedRoleId: '1:x' },
          Credentials: {
            AccessKeyId: id,
            AccessKeySecret: secret,
            SecurityToken: token,
            Expiration: new Date(Date.now() + Number(rest.DurationSeconds) * 1000).toISOString(),
          },
        }),
      );
    }
    res.setHeader('content-type', 'application/xml');
    const key = decodeURIComponent(url.pathname.slice(1));
    const subresource = url.searchParams.has('delete') ? '?delete' : '';
    const problem = verifyOss(req, `/${opts.bucket}/${key}${subresource}`);
    if (problem) {
      res.statusCode = 403;
      return res.end(xmlError(problem, 'The request signature we calculated does not match.'));
    }
    if (req.method === 'PUT') {
      objects.set(key, { body, contentType: String(req.headers['content-type'] ?? '') });
      res.setHeader('etag', `"${randomBytes(8).toString('hex')}"`);
      return res.end();
    }
    if (req.method === 'GET') {
      const obj = objects.get(key);
      if (!obj) {
        res.statusCode = 404;
        return res.end(xmlError('NoSuchKey', 'The specified key does not exist.'));
      }
      res.setHeader('content-type', obj.contentType);
      return res.end(obj.body);
    }
    if (req.method === 'POST' && subresource) {
      const keys = [...body.toString('utf8').matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
      for (const k of keys) objects.delete(k);
      return res.end('<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>');
    }
    res.statusCode = 405;
    res.end(xmlError('MethodNotAllowed', 'not supported by the stand-in'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    assumed,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
