import { call } from '../../../lib/api.ts';

/** Everything Kring stores about the caller, as one JSON document (spec: the right of access). */
export const exportMyData = () => call('privacy', 'exportMyData', {});
