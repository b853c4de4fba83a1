import { DATA_ERROR_CODE, DATA_ERROR_MSG } from './constants.ts';

/**
 * Thrown by helpers that cannot return a result object. The reason is also put in the message
 * because structuredClone (worker boundaries) keeps an Error's message but drops extra fields.
 */
export class DataError extends Error {
  readonly code = DATA_ERROR_CODE;
  readonly msg = DATA_ERROR_MSG;
  readonly reason: string;

  constructor(reason: string) {
    super(`${DATA_ERROR_MSG}: ${reason}`);
    this.name = 'DataError';
    this.reason = reason;
  }
}

export function isDataError(error: unknown): error is DataError {
  return error instanceof DataError;
}
