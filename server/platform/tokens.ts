import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe: the session token handed to the client. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
/** A numeric code of `length` digits from a CSPRNG (leading zeros kept). */
export const numericCode = (length: number): string => Array.from({ length }, () => String(randomInt(10))).join('');
