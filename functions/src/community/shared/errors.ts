import { ApiError } from '../../lib/errors.ts';

/** The community's "not found" and "not yours" answers, the same from every handler. */
export const postNotFound = () => new ApiError('NOT_FOUND', 'POST_NOT_FOUND');
export const commentNotFound = () => new ApiError('NOT_FOUND', 'COMMENT_NOT_FOUND');
export const notYours = () => new ApiError('FORBIDDEN', 'NOT_AUTHOR');
