/** Customer support: the monthly service review's wording and limits, shared by client and server. */

export const SupportMessages = {
  reviewTitle: 'We are in demand of your review to help us provide better service. (Once a month)',
  responseHint: 'Within 24h: 5 stars; 24-48h: 4 stars',
  scoreRequired: 'Scoring item is required',
  onceAMonth: 'You can only evaluate once a month,You have already evaluated it.',
  submittedTitle: 'Submitted successfully',
  submittedText: 'Thank you for your review, we will continue to work hard to provide you with better service.',
} as const;

/** The three ratings of a review, 1 to 5 stars each, in the order the dialog shows them. */
export const REVIEW_SCORES = [
  { field: 'serveScore', label: 'Service' },
  { field: 'replyScore', label: 'Response' },
  { field: 'solutionScore', label: 'Solution' },
] as const;
export type ReviewScoreField = (typeof REVIEW_SCORES)[number]['field'];
export const REVIEW_STARS = 5;
export const REVIEW_REMARK_MAX = 5000;

export interface ServiceReviewBody {
  serveScore: number;
  replyScore: number;
  solutionScore: number;
  remark?: string;
  employeeid?: number | null;
}

/** The calendar month a review counts for (UTC), as 'YYYY-MM'. */
export const reviewMonth = (at: Date): string => at.toISOString().slice(0, 7);

/** The first rating left at 0 (not given), in the dialog's order, or null when all are given. */
export function missingScore(scores: Readonly<Record<ReviewScoreField, number>>): ReviewScoreField | null {
  return REVIEW_SCORES.find((s) => !(scores[s.field] >= 1))?.field ?? null;
}

// ---------------------------------------------------------------------------------------------
// Service chat

/** The longest chat message, in characters. */
export const CHAT_MESSAGE_MAX = 2000;
/** Chat pictures: JPEG or PNG by content, at most 10 MB (the upload variant 'image max 10M'). */
export const CHAT_ATTACHMENT_MAX_BYTES = 10_485_760;
/** Messages a chat page holds (servicelist, the operator's conversation). */
export const CHAT_PAGE_SIZE = 50;
export const CHAT_PAGE_MAX = 100;

export const ChatMessages = {
  title: 'Chat with your customer service manager',
  empty: 'Please enter a message',
  tooLong: `The message must be at most ${CHAT_MESSAGE_MAX} characters`,
  notPicture: 'This file is not a picture(jpeg,png)',
  tooLarge: 'image max 10M',
  missingPicture: 'Please select an image',
  pictureNotYours: 'This picture does not belong to your account',
  pictureSent: 'This picture has already been sent',
  noConversation: 'This conversation does not exist',
  fileNotFound: 'File not found',
  streamOnly: 'Open this address as an event stream (Accept: text/event-stream)',
} as const;

export type ChatSender = 'merchant' | 'operator';

export interface ChatAttachment {
  id: number;
  width: number;
  height: number;
  fileName: string;
}

/** A message of the service chat, as servicelist, updateService and the live stream give it. */
export interface ChatMessage {
  id: number;
  /** The merchant whose conversation it is. */
  userId: number;
  sender: ChatSender;
  message: string;
  /** ISO 8601. */
  createTime: string;
  /** Whether the other side has read it. */
  read: boolean;
  attachment: ChatAttachment | null;
}

/** A conversation in the operator's list. */
export interface ChatConversation {
  userId: number;
  email: string;
  displayname: string;
  lastMessage: string;
  lastSender: ChatSender;
  /** ISO 8601. */
  lastTime: string;
  /** The merchant's messages the operator has not read. */
  unread: number;
}

/**
 * What the live streams send (`event:` names): a new message, the merchant's unread count, and
 * that one side has read the other's messages.
 */
export type ChatStreamEvent =
  | { event: 'message'; data: ChatMessage }
  | { event: 'unread'; data: { unread: number } }
  | { event: 'read'; data: { userId: number; by: ChatSender } };

/** Chat messages by id, oldest first, without duplicates (a page and the live stream overlap). */
export function mergeChatMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

// ---------------------------------------------------------------------------------------------
// The new merchant's guide (shopUserGuidance) and "Custom made for you" (shopCustomizedSubscribe)

/**
 * The guide's steps, in order. Each is done when the merchant's account shows it (a store
 * connected, a product designed…); the merchant may close any step, or the whole guide.
 */
export const GUIDANCE_STEPS = [
  { id: 1, key: 'connect-store', title: 'Connect your store', text: 'Connect a Shopify, Etsy or WooCommerce store to push products to.' },
  {
    id: 2,
    key: 'design-product',
    title: 'Design your first product',
    text: 'Pick a product from the catalogue and put your design on it.',
  },
  {
    id: 3,
    key: 'push-product',
    title: 'Push a product to your store',
    text: 'Send a designed product with its mockups and prices to your store.',
  },
  { id: 4, key: 'order-sample', title: 'Order a sample', text: 'See and feel the print quality before your customers do.' },
  {
    id: 5,
    key: 'meet-manager',
    title: 'Say hello to your manager',
    text: 'Your customer service manager answers questions about products, orders and shipping.',
  },
  {
    id: 6,
    key: 'custom-made',
    title: 'Get "Custom made for you" news',
    text: 'Hear first about new customizable products and custom-made offers.',
  },
] as const;
export type GuidanceStepKey = (typeof GUIDANCE_STEPS)[number]['key'];

export interface GuidanceStep {
  id: number;
  key: GuidanceStepKey;
  title: string;
  text: string;
  done: boolean;
  closed: boolean;
}

export const GuidanceMessages = {
  noSuchStep: 'There is no such step in the guide',
  subscribed: 'Subscribed to "Custom made for you"',
  unsubscribed: 'Unsubscribed from "Custom made for you"',
} as const;
