/** Builders for the product's response envelope, and the error type routes throw. */
import { Code, Messages } from '../../contract/envelope';

export function ok<T extends Record<string, unknown>>(extra?: T, msg: string = Messages.success) {
  return { code: Code.SUCCESS, msg, ...(extra ?? {}) } as { code: number; msg: string } & T;
}

export function okData<T>(data: T, msg: string = Messages.success) {
  return { code: Code.SUCCESS, msg, data };
}

export function page<T>(rows: T[], total: number) {
  return { code: Code.SUCCESS, msg: Messages.success, rows, total };
}

/** A business failure: answered with HTTP 200 and `code`/`msg` as the client expects. */
export class AppError extends Error {
  constructor(
    message: string,
    readonly code: number = Code.ERROR,
    readonly httpStatus = 200,
    /** Further top-level fields of the refusal (a fresh image code when a login needs one). */
    readonly extra?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
