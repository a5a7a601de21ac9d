import type express from 'express';

/** See framework-body.mjs: express.raw, then `rawBody` kept and JSON or form bodies parsed. */
export function frameworkBody(e: typeof express): express.RequestHandler[];
