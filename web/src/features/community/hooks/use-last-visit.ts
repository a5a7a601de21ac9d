/**
 * When the member was last on the timeline before this visit, for the 'Nieuw' mark on posts placed
 * since. Kept in this browser per member (`kring/timelineVisit/{profileId}`): `last` is when they
 * last had the timeline open, `previous` the `last` of the visit before. A visit ends after
 * VISIT_GAP_MS away, so moving between the timeline and a post does not wipe the marks.
 */
import { useEffect, useState } from 'react';

export const VISIT_GAP_MS = 30 * 60 * 1000;

interface Visit {
  last: number;
  previous: number | null;
}

const keyOf = (profileId: number) => `kring/timelineVisit/${profileId}`;

function read(profileId: number): Visit | null {
  try {
    const raw = JSON.parse(window.localStorage.getItem(keyOf(profileId)) ?? 'null') as Partial<Visit> | null;
    if (!raw || typeof raw.last !== 'number') return null;
    return { last: raw.last, previous: typeof raw.previous === 'number' ? raw.previous : null };
  } catch {
    return null;
  }
}

function write(profileId: number, visit: Visit) {
  try {
    window.localStorage.setItem(keyOf(profileId), JSON.stringify(visit));
  } catch {
    // Blocked or full storage: no 'Nieuw' marks next time, nothing worse.
  }
}

/** The start of what counts as new for this visit (ms), or null on a first visit (nothing marked). */
export function startVisit(stored: Visit | null, now: number): Visit {
  if (!stored) return { last: now, previous: null };
  return now - stored.last > VISIT_GAP_MS
    ? { last: now, previous: stored.last }
    : { last: now, previous: stored.previous };
}

export function useLastVisit(profileId: number | null): number | null {
  const [since, setSince] = useState<number | null>(null);
  useEffect(() => {
    if (profileId === null) return;
    const visit = startVisit(read(profileId), Date.now());
    write(profileId, visit);
    setSince(visit.previous);
    // While the timeline stays open, the visit goes on: `last` moves when the member leaves it.
    const touch = () => write(profileId, { ...visit, last: Date.now() });
    const onHide = () => {
      if (document.visibilityState === 'hidden') touch();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      touch();
    };
  }, [profileId]);
  return since;
}
