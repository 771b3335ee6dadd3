/**
 * The error of a failed API call, apart from the client itself (api-client.ts): a page that only
 * tells errors apart (the login page, the form helper) then does not download the client and the
 * envelope code with its first chunk (decision 028).
 */
export type ApiErrorKind = 'business' | 'http' | 'timeout' | 'network' | 'expired' | 'aborted';

/** A failed call, already shown as a toast (unless aborted or `isQuiet`); forms read field details. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly details: {
      status?: number;
      code?: number;
      errorKey?: string;
      params?: Record<string, string | number>;
      /** For request.invalid: the request field at fault, as the server names it. */
      field?: string;
      /** For request.invalid: the validation key of that field. */
      validation?: string;
    } = {},
  ) {
    super(message);
  }
  get errorKey(): string | undefined {
    return this.details.errorKey;
  }
}

/** For form errors: the translated text of a failed call, or null when it was not an ApiError. */
export function errorText(error: unknown): string | null {
  return error instanceof ApiError && error.kind !== 'aborted' ? error.message : null;
}
