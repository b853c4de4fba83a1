/**
 * Store access tokens are encrypted at rest with AES-256-GCM. The key comes from STORE_TOKEN_KEY
 * (32 bytes as 64 hex digits or base64); when unset, one is generated once and kept in
 * DATA_DIR/store-token.key (mode 0600), so a single machine works out of the box. Several server
 * instances must share STORE_TOKEN_KEY.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';

export interface TokenCipher {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

export function parseKey(raw: string): Buffer {
  const s = raw.trim();
  const key = /^[0-9a-f]{64}$/i.test(s) ? Buffer.from(s, 'hex') : Buffer.from(s, 'base64');
  if (key.length !== 32) throw new Error('STORE_TOKEN_KEY must be 32 bytes (64 hex digits or base64)');
  return key;
}

/** The configured key, or the one persisted in the data dir (created on first use). */
export function loadTokenKey(configured: string | null, dataDir: string): Buffer {
  if (configured) return parseKey(configured);
  const file = path.join(dataDir, 'store-token.key');
  if (existsSync(file)) return parseKey(readFileSync(file, 'utf8'));
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx' fails if another process created it first; then that one's key is the key.
  try {
    writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch {
    return parseKey(readFileSync(file, 'utf8'));
  }
  return key;
}

export function createTokenCipher(key: Buffer): TokenCipher {
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unknown token format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}
