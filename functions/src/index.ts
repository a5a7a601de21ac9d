import { setGlobalOptions } from 'firebase-functions/v2';
import { onRequest } from 'firebase-functions/v2/https';
import { handleHttp } from './http/express.ts';
import { webSecrets } from './lib/secrets.ts';

setGlobalOptions({ region: 'europe-west1', maxInstances: 20 });

/** Every `/web/**` call: the community, subscription and privacy APIs and the content proxy. */
export const web = onRequest(
  { memory: '512MiB', concurrency: 40, timeoutSeconds: 60, secrets: webSecrets },
  handleHttp,
);

/** Daily: personal details of memberships that ended long ago; hourly: uploads never attached. */
export { retentionJob, sweepUploadsJob } from './privacy/scheduled.ts';
/** Hourly: expires memberships past their end (and grace), and drops the member role. */
export { expireMembershipsJob } from './subscription/scheduled.ts';
