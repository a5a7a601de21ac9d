/**
 * Analytics events (spec 9), sent only with a configured measurement id AND the visitor's consent
 * from the cookie notice. Without both, nothing is loaded and nothing leaves the browser.
 */
import { measurementId } from './env.ts';
import { analyticsConsentStore } from './storage.ts';

export const analyticsEvents = [
  'ONBOARDING_FLOW_PERSONAL_DETAILS_COMPLETE',
  'ONBOARDING_FLOW_REGISTER_WITH_GOOGLE',
  'ONBOARDING_FLOW_PROFILE_COMPLETE',
  'COMMUNITY_POST_ORDER',
  'COMMUNITY_COMMENT_ORDER',
] as const;
export type AnalyticsEvent = (typeof analyticsEvents)[number];

export const analyticsConfigured = () => measurementId !== undefined;

export const analyticsAllowed = () => analyticsConfigured() && analyticsConsentStore.get() === 'granted';

/** Fire and forget: an analytics failure never disturbs the user. */
export function track(event: AnalyticsEvent, params?: Record<string, string | number>): void {
  if (!analyticsAllowed()) return;
  import('./firebase.ts')
    .then(({ logAnalyticsEvent }) => logAnalyticsEvent(event, params))
    .catch((error: unknown) => {
      console.warn('analytics event not sent', event, error);
    });
}
