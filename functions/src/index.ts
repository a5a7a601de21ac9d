import { setGlobalOptions } from 'firebase-functions/v2';
import { onRequest } from 'firebase-functions/v2/https';
import { handleHttp } from './http/express.ts';

setGlobalOptions({ region: 'europe-west1', maxInstances: 20 });

/** Every `/web/**` call: the community and subscription APIs and the content proxy. */
export const web = onRequest({ memory: '512MiB', concurrency: 40, timeoutSeconds: 60 }, handleHttp);

/** Every 15 minutes: ends suspensions whose date has come (issue 16). */
export { liftSuspensionsJob } from './accounts/scheduled.ts';
/** Hourly: expires memberships past their end (and grace), and drops the member role. */
export { expireMembershipsJob } from './subscription/scheduled.ts';
