/**
 * Where uploaded files live: local disk under DATA_DIR by default, Aliyun OSS when configured.
 * Both take the same keys, so moving between them is a copy of objects, not a code change.
 */
export interface StsCredentials {
  region: string;
  bucket: string;
  accessKeyId: string;
  accessKeySecret: string;
  securityToken: string;
  expiration: string;
  endpoint?: string;
}

export interface BlobStorage {
  kind: 'local' | 'oss';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when the object does not exist. */
  read(key: string): Promise<Buffer | null>;
  remove(keys: string[]): Promise<void>;
  /** The URL a browser loads the object from. */
  publicUrl(key: string): string;
  /** Temporary credentials for direct browser uploads, when the store supports them. */
  stsToken?(userId: number): Promise<StsCredentials>;
}
