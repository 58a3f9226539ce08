import { create } from 'zustand';
import { getPreference, setPreference } from '../../platform/preferences.ts';

const KEY = 'charging_favourites';

/** Ids from what the device kept: anything else (an old or broken value) counts as none. */
function parse(value: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(value ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

interface Favourites {
  ids: readonly string[];
  loaded: boolean;
  toggle: (id: string) => void;
}

/**
 * The charging installations the user starred, kept on this device: the list shows them after
 * the user's own and before the rest.
 */
export const useFavourites = create<Favourites>((set, get) => ({
  ids: [],
  loaded: false,
  toggle: (id) => {
    const ids = get().ids.includes(id) ? get().ids.filter((f) => f !== id) : [...get().ids, id];
    set({ ids });
    void setPreference(KEY, JSON.stringify(ids));
  },
}));

/** Reads what the device kept, once. */
export async function loadFavourites(): Promise<void> {
  if (useFavourites.getState().loaded) return;
  const ids = parse(await getPreference(KEY));
  useFavourites.setState({ ids, loaded: true });
}
