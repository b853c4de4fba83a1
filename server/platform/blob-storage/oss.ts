/**
 * Aliyun OSS through ali-oss: the server writes with its own RAM credentials; browsers get
 * temporary STS credentials limited to the merchant's own upload folder (the object-storage
 * token lasts 3,000,000 ms and the client refreshes it).
 */
import OSS from 'ali-oss';
import type { BlobStorage, StsCredentials } from './types';

export interface OssConfig {
  region: string;
  bucket: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** Bucket endpoint, e.g. https://bucket.oss-cn-hangzhou.aliyuncs.com or a stand-in. */
  endpoint: string | null;
  /** Base URL objects are read from (CDN); defaults to the bucket endpoint. */
  publicUrl: string | null;
  roleArn: string | null;
  stsEndpoint: string | null;
}

/** The base URL stored objects are read from: the CDN, else the bucket endpoint, else the bucket's own address. */
export function ossReadBase(cfg: Pick<OssConfig, 'publicUrl' | 'endpoint' | 'bucket' | 'region'>): string {
  return (cfg.publicUrl ?? cfg.endpoint ?? `https://${cfg.bucket}.${cfg.region}.aliyuncs.com`).replace(/\/$/, '');
}

export const STS_DURATION_S = 3000;

export function ossBlobStorage(cfg: OssConfig): BlobStorage {
  const client = new OSS({
    region: cfg.region,
    bucket: cfg.bucket,
    accessKeyId: cfg.accessKeyId,
    accessKeySecret: cfg.accessKeySecret,
    ...(cfg.endpoint ? { endpoint: cfg.endpoint, cname: true } : {}),
    secure: cfg.endpoint ? cfg.endpoint.startsWith('https') : true,
    timeout: 60_000,
  });
  const base = ossReadBase(cfg);
  const objectName = (key: string) => key.replace(/^\//, '');
  return {
    kind: 'oss',
    async put(key, body, contentType) {
      await client.put(objectName(key), body, {
        headers: { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=31536000, immutable' },
      });
    },
    async read(key) {
      try {
        const res = await client.get(objectName(key));
        return Buffer.isBuffer(res.content) ? res.content : Buffer.from(res.content as Uint8Array);
      } catch (err) {
        if ((err as { status?: number }).status === 404) return null;
        throw err;
      }
    },
    async remove(keys) {
      if (keys.length) await client.deleteMulti(keys.map(objectName), { quiet: true });
    },
    publicUrl: (key) => `${base}${key}`,
    async stsToken(userId: number): Promise<StsCredentials> {
      if (!cfg.roleArn) throw new Error('OSS_ROLE_ARN is not set: direct browser uploads are off');
      const sts = new OSS.STS({
        accessKeyId: cfg.accessKeyId,
        accessKeySecret: cfg.accessKeySecret,
        ...(cfg.stsEndpoint ? { endpoint: cfg.stsEndpoint } : {}),
      } as never);
      // The policy narrows the role to this merchant's folders, whatever the role itself allows.
      const policy = {
        Version: '1',
        Statement: [
          {
            Effect: 'Allow',
            Action: ['oss:PutObject'],
            Resource: [
              `acs:oss:*:*:${cfg.bucket}/CustomizedImages/${userId}/*`,
              `acs:oss:*:*:${cfg.bucket}/CustomizedImages/imagePhoto/${userId}/*`,
              `acs:oss:*:*:${cfg.bucket}/customizedTemplate/customImages/${userId}/*`,
            ],
          },
        ],
      };
      const res = await sts.assumeRole(cfg.roleArn, policy, STS_DURATION_S, `pod-user-${userId}`);
      const c = res.credentials as { AccessKeyId: string; AccessKeySecret: string; SecurityToken: string; Expiration: string };
      return {
        region: cfg.region,
        bucket: cfg.bucket,
        accessKeyId: c.AccessKeyId,
        accessKeySecret: c.AccessKeySecret,
        securityToken: c.SecurityToken,
        expiration: c.Expiration,
        ...(cfg.endpoint ? { endpoint: cfg.endpoint } : {}),
      };
    },
  };
}
