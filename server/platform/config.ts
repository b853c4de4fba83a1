/** Server settings from the environment (README lists them). */
import path from 'node:path';
import { ossReadBase, type OssConfig } from './blob-storage/oss';
import { shopsConfigFromEnv, type ShopsConfig } from '../shops/config';
import { paymentsConfigFromEnv, type PaymentsConfig } from '../commerce/payments/config';
import type { SecurityOptions } from './security';
import { DEFAULT_LOG_N } from '../accounts/password';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  demo: boolean;
  captcha: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /** The public URL is https: cookies are Secure on every request (else on requests that came over https). */
  secureCookies: boolean;
  logLevel: string;
  /** Trust X-Forwarded-For from a reverse proxy in front (TRUST_PROXY=1). */
  trustProxy: boolean;
  /** Where the built client lives; served with an SPA fallback when present. */
  clientDir: string;
  /** Aliyun OSS for uploads; null = local disk under DATA_DIR/files. */
  oss: OssConfig | null;
  /** Shopify, Etsy and WooCommerce connections (server/shops/config.ts). */
  shops: ShopsConfig;
  /** PayPal and Stripe, each on only when its keys are set (server/commerce/payments/config.ts). */
  payments: PaymentsConfig;
  /** What the security headers depend on (./security.ts, docs/security.md). */
  security: SecurityOptions;
  /** log2 of scrypt's N for new password hashes (PASSWORD_SCRYPT_LOG_N, default 17). */
  passwordLogN: number;
  /** The operator's bearer token (OPS_TOKEN); null = the operator routes do not exist. */
  opsToken: string | null;
  /** The service chat streams' heartbeat in ms (SERVICE_CHAT_HEARTBEAT_MS, at least 100; tests shorten it); null = the default. */
  serviceChatHeartbeatMs: number | null;
}

/** The origin a URL names, or null when it names none. */
function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const oss: OssConfig | null =
    env.OSS_BUCKET && env.OSS_ACCESS_KEY_ID && env.OSS_ACCESS_KEY_SECRET
      ? {
          region: env.OSS_REGION ?? 'oss-cn-hangzhou',
          bucket: env.OSS_BUCKET,
          accessKeyId: env.OSS_ACCESS_KEY_ID,
          accessKeySecret: env.OSS_ACCESS_KEY_SECRET,
          endpoint: env.OSS_ENDPOINT || null,
          publicUrl: env.OSS_PUBLIC_URL || null,
          roleArn: env.OSS_ROLE_ARN || null,
          stsEndpoint: env.OSS_STS_ENDPOINT || null,
        }
      : null;
  const httpsPublicUrl = String(env.PUBLIC_URL ?? '').startsWith('https://');
  const payments = paymentsConfigFromEnv(env);
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL?.trim() || null,
    demo: !['0', 'false', 'off', 'no'].includes(String(env.DEMO ?? '1').toLowerCase()),
    captcha: String(env.CAPTCHA ?? 'on').toLowerCase() !== 'off',
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM ?? 'POD Studio <no-reply@podstudio.example>',
    secureCookies: httpsPublicUrl,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1',
    clientDir: path.resolve(env.CLIENT_DIR ?? './dist'),
    oss,
    shops: shopsConfigFromEnv(env, Number(env.PORT ?? 8080)),
    payments,
    passwordLogN: Number(env.PASSWORD_SCRYPT_LOG_N) || DEFAULT_LOG_N,
    opsToken: env.OPS_TOKEN?.trim() || null,
    serviceChatHeartbeatMs: Number(env.SERVICE_CHAT_HEARTBEAT_MS) >= 100 ? Number(env.SERVICE_CHAT_HEARTBEAT_MS) : null,
    security: {
      httpsPublicUrl,
      stripeJs: Boolean(payments.stripe?.publishableKey),
      // Uploaded pictures are read from object storage (or its CDN) when OSS is on: the app shows
      // them and the engine workers fetch them.
      assetOrigins: oss ? [ossReadBase(oss), oss.endpoint].map(originOf).filter((o): o is string => o !== null) : [],
    },
  };
}
