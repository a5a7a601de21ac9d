import { paths, TOPIC_PARAM } from '../../lib/paths.ts';

/** The timeline filtered by a topic, `/community/tijdlijn?onderwerp={slug}` (the kennisbank's parameter name). */
export const timelineTopicPath = (slug: string | null) =>
  slug ? `${paths.community.timeline}?${TOPIC_PARAM}=${encodeURIComponent(slug)}` : paths.community.timeline;
