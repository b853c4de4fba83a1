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
