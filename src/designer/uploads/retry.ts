/**
 * The upload retry rule: a failed file is retried automatically up to 3
 * times, 2 seconds apart; then a confirm box offers Re-upload (another round) or Cancel, which
 * rejects with 'Cancel upload'. Every attempt's outcome is reported so the upload record can show
 * pending (0), done (1) or failed (-1).
 */
export const UPLOAD_RETRIES = 3;
export const UPLOAD_RETRY_DELAY_MS = 2000;
export const CANCEL_UPLOAD_MSG = 'Cancel upload';
export const UPLOAD_FAILED_MSG = 'Upload failed';

export type UploadStatus = 0 | 1 | -1;

export type AttemptResult<T> = { ok: true; value: T } | { ok: false; msg: string };

export class UploadCancelled extends Error {
  constructor() {
    super(CANCEL_UPLOAD_MSG);
    this.name = 'UploadCancelled';
  }
}

export interface RetryOptions {
  retries?: number;
  delayMs?: number;
  /** Asked after the automatic retries failed, with the last failure's message: true re-uploads. */
  confirm: (msg: string) => Promise<boolean>;
  /** Each status change: 0 when an attempt starts, -1 when it fails, 1 when it succeeds. */
  onStatus?: (status: UploadStatus, msg?: string) => void;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` under the retry rule; resolves with its value or rejects with UploadCancelled. */
export async function uploadWithRetry<T>(attempt: () => Promise<AttemptResult<T>>, opts: RetryOptions): Promise<T> {
  const retries = opts.retries ?? UPLOAD_RETRIES;
  const delay = opts.delayMs ?? UPLOAD_RETRY_DELAY_MS;
  const sleep = opts.sleep ?? wait;
  for (;;) {
    let last = UPLOAD_FAILED_MSG;
    for (let n = 0; n <= retries; n++) {
      if (opts.signal?.aborted) throw new UploadCancelled();
      if (n > 0) await sleep(delay);
      opts.onStatus?.(0);
      const res = await attempt();
      if (res.ok) {
        opts.onStatus?.(1);
        return res.value;
      }
      last = res.msg || UPLOAD_FAILED_MSG;
      opts.onStatus?.(-1, last);
    }
    if (!(await opts.confirm(last))) throw new UploadCancelled();
  }
}
