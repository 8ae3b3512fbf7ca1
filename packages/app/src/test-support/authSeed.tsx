import type { Session } from '@vault/domain';
import { createContext, useContext } from 'react';
import { memoryStorage } from '../storage/browserStorage';
import { AUTH_STORAGE_KEY, createSessionArea, PROFILE_CACHE_KEY, type SessionArea } from '../storage/sessionArea';

/**
 * A story's signed-in session (see .storybook/preview.tsx's loader: a token that carries the
 * story's member and their profile row, mocks/story/session.ts): supabase-js finds it in the
 * story's own storage, so every request of the story carries that member's token.
 */
export const StoryAuthSeed = createContext<Record<string, unknown> | null>(null);

/** A session area in memory for one story, holding its session and cached profile. */
export function useStorySessionArea(session: Session): () => SessionArea {
  const seed = useContext(StoryAuthSeed);
  return () => {
    const items: Record<string, string> = {};
    if (seed && session.user) {
      items[AUTH_STORAGE_KEY] = JSON.stringify(seed);
      items[PROFILE_CACHE_KEY] = JSON.stringify(session.user);
    }
    return createSessionArea(memoryStorage(items), null);
  };
}
