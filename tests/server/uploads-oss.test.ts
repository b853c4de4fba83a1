import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OSS from 'ali-oss';
import sharp from 'sharp';
import { codeIn, startServer, type TestServer } from './harness';
import { startOssStandIn, type OssStandIn } from './stand-ins/oss';

const creds = { bucket: 'pod-test', accessKeyId: 'LTAItestkey', accessKeySecret: 'test-secret-value' };
let oss: OssStandIn;
let s: TestServer;
let token = '';

beforeAll(async () => {
  oss = await startOssStandIn(creds);
  s = await startServer({
    OSS_BUCKET: creds.bucket,
    OSS_ACCESS_KEY_ID: creds.accessKeyId,
    OSS_ACCESS_KEY_SECRET: creds.accessKeySecret,
    OSS_REGION: 'oss-cn-hangzhou',
    OSS_ENDPOINT: oss.url,
    OSS_ROLE_ARN: 'acs:ram::123:role/pod-upload',
    OSS_STS_ENDPOINT: `${oss.url}/sts`,
  });
  await s.api('POST', '/api/user/sendEmailCode', { email: 'oss@example.com' });
  const code = codeIn(await s.lastMail('oss@example.com'));
  token = (
    await s.api<{ token: string }>('POST', '/api/user/add', {
      username: 'oss@example.com',
      emailCode: code,
      password: 'secret123',
      confirmPassword: 'secret123',
    })
  ).token;
});
afterAll(async () => {
  await s?.close();
  await oss?.close();
});

describe('uploads on Aliyun OSS (ali-oss against a stand-in speaking its HTTP contract)', () => {
  it('puts the original and the thumbnail into the bucket under the spec path', async () => {
    const file = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('avatarfile', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'green.png');
    const res = (await (
      await fetch(`${s.url}/prod-api/api/uploadsImg/uploadCustomized`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { code: number; data: { url: string; thumbnailUrl: string } };
    expect(res.code).toBe(200);
    expect(res.data.url.startsWith(`${oss.url}/CustomizedImages/`)).toBe(true);
    const key = res.data.url.slice(oss.url.length + 1);
    expect(oss.objects.get(key)?.body.equals(file)).toBe(true);
    expect(oss.objects.get(key)?.contentType).toBe('image/png');
    expect(oss.objects.has(res.data.thumbnailUrl.slice(oss.url.length + 1))).toBe(true);
  });

  it('hands out STS credentials limited to the merchant folder that really upload', async () => {
    const res = await s.api<{
      data: { provider: string; accessKeyId: string; accessKeySecret: string; securityToken: string; bucket: string; region: string };
    }>('POST', '/api/uploadsImg/getStsToken', {}, token);
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ provider: 'oss', bucket: creds.bucket, region: 'oss-cn-hangzhou' });
    expect(res.data.accessKeyId).toMatch(/^STS\./);
    const policy = oss.assumed.at(-1)!.policy as { Statement: { Resource: string[] }[] };
    const userId = /\/CustomizedImages\/(\d+)\//.exec(policy.Statement[0]!.Resource[0]!)?.[1];
    expect(userId).toBeTruthy();
    // What a browser does with them: a signed PUT with the security token, then register it.
    const browser = new OSS({
      region: res.data.region,
      bucket: res.data.bucket,
      accessKeyId: res.data.accessKeyId,
      accessKeySecret: res.data.accessKeySecret,
      stsToken: res.data.securityToken,
      endpoint: oss.url,
      cname: true,
      secure: false,
    });
    const key = `CustomizedImages/${userId}/2026-11-22/${'a'.repeat(32)}.png`;
    const file = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    await browser.put(key, file);
    const added = await s.api<{ data: { id: number; thumbnailUrl: string; width: number } }>(
      'POST',
      '/api/shopCustomImages/addShopCustomImages',
      { url: `${oss.url}/${key}`, fileName: 'direct.png' },
      token,
    );
    expect(added).toMatchObject({ code: 200, data: { width: 500 } });
    expect(oss.objects.has(added.data.thumbnailUrl.slice(oss.url.length + 1))).toBe(true);

    // The same file put again under another name is the earlier upload; the second copy leaves the bucket.
    const copyKey = `CustomizedImages/${userId}/2026-11-22/${'b'.repeat(32)}.png`;
    await browser.put(copyKey, file);
    const again = await s.api<{ data: { id: number; thumbnailUrl: string } }>(
      'POST',
      '/api/shopCustomImages/addShopCustomImages',
      { url: `${oss.url}/${copyKey}`, fileName: 'direct copy.png' },
      token,
    );
    expect(again).toMatchObject({ code: 200, data: { id: added.data.id, thumbnailUrl: added.data.thumbnailUrl } });
    expect(oss.objects.has(copyKey)).toBe(false);
    expect(oss.objects.has(key)).toBe(true);
  });

  it('is refused by the bucket when signed with the wrong secret', async () => {
    const wrong = new OSS({
      region: 'oss-cn-hangzhou',
      bucket: creds.bucket,
      accessKeyId: creds.accessKeyId,
      accessKeySecret: 'nope',
      endpoint: oss.url,
      cname: true,
      secure: false,
    });
    await expect(wrong.put('CustomizedImages/1/2026-11-22/x.png', Buffer.from('x'))).rejects.toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
  });
});
