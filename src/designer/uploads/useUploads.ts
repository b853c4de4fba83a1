/**
 * The image upload queue of the designer: checks each file, uploads it under the retry rule,
 * keeps an upload record per file (fileIndex, uploadStatus 0/1/-1, url,
 * thumbnailUrl) and asks Re-upload or Cancel through a confirm box (title Message).
 */
import { useCallback, useRef, useState } from 'react';
import { designerApi, type UploadedImage } from '../../api/designer';
import { toast } from '../../state/ui';
import { checkImageFile } from './check';
import { CANCEL_UPLOAD_MSG, UploadCancelled, uploadWithRetry, UPLOAD_FAILED_MSG, type UploadStatus } from './retry';

export interface UploadRecord {
  fileIndex: number;
  fileName: string;
  uploadStatus: UploadStatus;
  url: string | null;
  thumbnailUrl: string | null;
  msg: string;
}

/** A refused file shows an error toast for 2 seconds. */
const REFUSED_TOAST_MS = 2000;

export interface ConfirmRequest {
  text: string;
  resolve: (reupload: boolean) => void;
}

export function useUploads(opts: { onUploaded: (img: UploadedImage) => void; retryDelayMs?: number }) {
  const [records, setRecords] = useState<UploadRecord[]>([]);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const seq = useRef(0);
  const onUploaded = useRef(opts.onUploaded);
  onUploaded.current = opts.onUploaded;

  const patch = (fileIndex: number, p: Partial<UploadRecord>) =>
    setRecords((rs) => rs.map((r) => (r.fileIndex === fileIndex ? { ...r, ...p } : r)));

  const upload = useCallback(
    async (files: readonly File[]) => {
      for (const file of files) {
        const refused = await checkImageFile(file);
        if (refused) {
          toast('error', refused, REFUSED_TOAST_MS);
          continue;
        }
        const fileIndex = ++seq.current;
        setRecords((rs) => [...rs, { fileIndex, fileName: file.name, uploadStatus: 0, url: null, thumbnailUrl: null, msg: '' }]);
        try {
          const img = await uploadWithRetry(
            async () => {
              const res = await designerApi.uploadImage(file, file.name);
              return res.code === 200 && res.data
                ? { ok: true as const, value: res.data }
                : { ok: false as const, msg: res.msg || UPLOAD_FAILED_MSG };
            },
            {
              ...(opts.retryDelayMs !== undefined ? { delayMs: opts.retryDelayMs } : {}),
              onStatus: (uploadStatus, msg) => patch(fileIndex, { uploadStatus, msg: msg ?? '' }),
              confirm: (msg) => new Promise<boolean>((resolve) => setConfirm({ text: `${msg}. Upload ${file.name} again?`, resolve })),
            },
          );
          patch(fileIndex, { uploadStatus: 1, url: img.url, thumbnailUrl: img.thumbnailUrl });
          toast('success', 'Uploaded successfully');
          onUploaded.current(img);
        } catch (err) {
          if (err instanceof UploadCancelled) {
            toast('warning', CANCEL_UPLOAD_MSG);
            setRecords((rs) => rs.filter((r) => r.fileIndex !== fileIndex));
          } else throw err;
        }
      }
    },
    [opts.retryDelayMs],
  );

  const answer = (reupload: boolean) => {
    const c = confirm;
    setConfirm(null);
    c?.resolve(reupload);
  };

  return { records, upload, confirm, answer };
}
