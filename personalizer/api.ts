/** The widget's calls to our server: the product's personalisation, and a buyer's picture upload. Same origin (the widget is our page). */
import type { CustomTemplate, PersonalField, PersonalImage, SkuDesign } from '@pod-studio/engine/model';
import type { PersonalizerPlatform } from '../contract/personalization';

export interface PersonalizerProduct {
  title: string;
  template: CustomTemplate;
  design: SkuDesign;
  fields: PersonalField[];
}

interface Envelope<T> {
  code: number;
  msg: string;
  data?: T;
}

const API = '/prod-api/api/personalizer';

async function envelope<T>(res: Response): Promise<T> {
  let body: Envelope<T>;
  try {
    body = (await res.json()) as Envelope<T>;
  } catch {
    throw new Error('The personaliser could not reach the server. Please try again.');
  }
  if (body.code !== 200 || body.data === undefined) throw new Error(body.msg || 'Something went wrong. Please try again.');
  return body.data;
}

export async function loadProduct(platform: PersonalizerPlatform, shop: string, product: string): Promise<PersonalizerProduct> {
  const q = new URLSearchParams({ platform, shop, product });
  return envelope<PersonalizerProduct>(await fetch(`${API}/product?${q.toString()}`, { credentials: 'omit' }));
}

export async function uploadPicture(file: File): Promise<PersonalImage> {
  const body = new FormData();
  body.append('file', file, file.name);
  return envelope<PersonalImage>(await fetch(`${API}/uploadImage`, { method: 'POST', body, credentials: 'omit' }));
}
