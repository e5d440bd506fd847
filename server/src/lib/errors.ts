import { API_STATUS, type ApiStatus } from '@console/contract/http/envelope';
import type { MessageKey } from '@console/contract/messages/zh-CN';

/** A business error: answered with HTTP 200, this status string and the localised message. */
export class ApiError extends Error {
  constructor(
    readonly status: ApiStatus,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(messageKey);
  }
}

export const forbidden = () => new ApiError(API_STATUS.forbidden, 'error.forbidden');
export const notFound = () => new ApiError(API_STATUS.notFound, 'error.notFound');
export const conflict = (key: MessageKey = 'error.conflict') => new ApiError(API_STATUS.conflict, key);
/** Invalid input on one field, with the message key shown on that field in the console. */
export const invalidField = (field: string, key: MessageKey) =>
  new ApiError(
    API_STATUS.invalid,
    'error.invalidField',
    { field, reason: key },
    { field, issues: [{ path: field, message: key }] },
  );
