/** The merchant's photo library for photo products (contract/photos.ts); every call resolves with the envelope. */
import { call } from './http';
import type { Envelope } from '../../contract/envelope';
import type { LibraryPhoto, PhotoEdit } from '../../contract/photos';

type Page<T> = Envelope<T[]> & { rows?: T[]; total?: number };

export const photosApi = {
  /** Adds one of the merchant's uploads (its original, full-size file) to their photos. */
  add: (url: string, fileName: string) =>
    call<LibraryPhoto>('post', 'api/editImages/addImagesPhoto', { json: { url, fileName }, dedupe: false, hideLoading: true }),
  list: (pageNum = 1, pageSize = 24) =>
    call<LibraryPhoto[]>('get', 'api/editImages/getImagesPhotoList', { searchParams: { pageNum, pageSize }, hideLoading: true }) as Promise<
      Page<LibraryPhoto>
    >,
  /** Keeps the photo's crop and adjustment, quietly: the design itself is saved with the product. */
  saveEdit: (id: number, editObj: PhotoEdit) =>
    call<LibraryPhoto>('put', 'api/editImages/updateSImagesPhoto', {
      json: { id, editObj },
      dedupe: false,
      hideLoading: true,
      showError: false,
    }),
};
