import { Markdown } from '../../../components/ui/markdown.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { nlContent } from '../../../messages/content.ts';
import type { Podcast } from '../api/types.ts';
import { AudioPlayer } from './audio-player.tsx';
import { EntryMeta } from './entry-text.tsx';

/** An episode: number and date, the player and the show notes. */
export function PodcastBody({ entry }: { entry: Podcast }) {
  return (
    <>
      <EntryMeta>
        {nlContent.episode(entry.episodeNumber)}
        {entry.publishDate ? ` · ${formatDate(entry.publishDate)}` : ''}
      </EntryMeta>
      <AudioPlayer src={entry.audioUrl} title={entry.title} />
      {entry.showNotes ? <Markdown source={entry.showNotes} /> : null}
    </>
  );
}
