import type { createPost } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { storeNewPost } from './posts.service.ts';

export const createPostHandler: Handler<typeof createPost> = (ctx, input) => storeNewPost(ctx, input, null);
