/**
 * Customer support calls beyond the review (those are in ./user.ts): the service chat, the new
 * merchant's guide and "Custom made for you"; and the operator's chat calls, which carry the
 * operator token the operator typed into the page in the Authorization header (never in a URL).
 */
import { call } from './http';
import type { ChatAttachment, ChatConversation, ChatMessage, GuidanceStep } from '../../contract/support';

export const supportApi = {
  /** The newest page of the conversation, or the page before `beforeId`. */
  serviceList: (beforeId?: number) =>
    call<never, { rows: ChatMessage[]; total: number; unread: number }>('get', 'api/shops/servicelist', {
      searchParams: { beforeId },
      hideLoading: true,
      dedupe: false,
    }),
  sendMessage: (message: string, attachmentId?: number) =>
    call<ChatMessage>('post', 'api/shops/updateService', { json: { message, attachmentId }, hideLoading: true, dedupe: false }),
  markRead: () => call<never>('post', 'api/shops/updateServiceRead', { hideLoading: true, showError: false }),
  uploadPicture: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return call<ChatAttachment>('post', 'api/shops/uploadServiceFile', { body: form, hideLoading: true, showError: false });
  },
  guidance: () =>
    call<never, { rows: GuidanceStep[]; customizedSubscribed: boolean }>('get', 'api/shopUserGuidance/list', { hideLoading: true }),
  closeGuidance: (id: number | 'all') =>
    call<never>('post', 'api/shopUserGuidance/closeShopUserGuidance', { json: { id }, hideLoading: true }),
  customizedSubscribe: (subscribe: boolean) =>
    call<never, { subscribed: boolean }>('post', 'api/user/shopCustomizedSubscribe', {
      json: { subscribe: subscribe ? 1 : 0 },
      showSuccess: true,
    }),
};

/** A chat picture of the merchant's own conversation (the session cookie goes with it). */
export const serviceFileUrl = (id: number, thumbnail = false): string =>
  `/prod-api/api/shops/serviceFile/${id}${thumbnail ? '?size=thumbnail' : ''}`;

export const SERVICE_STREAM_URL = '/prod-api/api/shops/serviceStream';
export const OPS_SERVICE_STREAM_URL = '/prod-api/ops/service/stream';

export interface OpsReply<T> {
  code: number;
  msg: string;
  data?: T;
  rows?: T extends unknown[] ? T : never;
  [extra: string]: unknown;
}

export const OpsMessages = {
  refused: 'The operator token was refused.',
  off: 'The operator endpoints are switched off on this server (no OPS_TOKEN).',
  failed: 'The server could not be reached. Please try again.',
} as const;

/** The operator's chat calls, each with `Authorization: Bearer <token>`. */
export function opsSupportApi(token: string) {
  const auth = { authorization: `Bearer ${token}` };
  async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T & { code: number; msg: string }> {
    try {
      const res = await fetch(`/prod-api/ops/service/${path}`, {
        method,
        headers: { ...auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        credentials: 'omit',
        cache: 'no-store',
      });
      if (res.status === 403) return { code: 403, msg: OpsMessages.refused } as T & { code: number; msg: string };
      if (res.status === 404) return { code: 404, msg: OpsMessages.off } as T & { code: number; msg: string };
      return (await res.json()) as T & { code: number; msg: string };
    } catch {
      return { code: 0, msg: OpsMessages.failed } as T & { code: number; msg: string };
    }
  }
  return {
    headers: auth,
    conversations: () => request<{ rows: ChatConversation[]; total: number }>('GET', 'conversations?pageSize=100'),
    messages: (userId: number) =>
      request<{ rows: ChatMessage[]; total: number; unread: number; merchant: { email: string; displayname: string } }>(
        'GET',
        `conversations/${userId}/messages`,
      ),
    answer: (userId: number, message: string) => request<{ data: ChatMessage }>('POST', `conversations/${userId}/messages`, { message }),
    markRead: (userId: number) => request<{ updated: number }>('POST', `conversations/${userId}/read`),
    /** A chat picture as an object URL (an <img> cannot send the token itself); null when it cannot be had. */
    async picture(id: number, thumbnail = false): Promise<string | null> {
      try {
        const res = await fetch(`/prod-api/ops/service/files/${id}${thumbnail ? '?size=thumbnail' : ''}`, {
          headers: auth,
          credentials: 'omit',
        });
        return res.ok ? URL.createObjectURL(await res.blob()) : null;
      } catch {
        return null;
      }
    },
  };
}
