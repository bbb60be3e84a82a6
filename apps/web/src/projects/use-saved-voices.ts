import { useCallback, useEffect, useState } from 'react';
import { listSavedVoices, type SavedVoice } from '../lib/voice-library-api.js';

/**
 * The voices saved in the library, read once (and again after a save). A library that cannot be
 * read offers no saved voice: the editor works as without one.
 */
export function useSavedVoices(): { voices: SavedVoice[]; reload: () => Promise<void> } {
  const [voices, setVoices] = useState<SavedVoice[]>([]);
  const reload = useCallback(async () => {
    const listed = await listSavedVoices().catch(() => []);
    setVoices(Array.isArray(listed) ? listed : []);
  }, []);
  useEffect(() => void reload(), [reload]);
  return { voices, reload };
}
