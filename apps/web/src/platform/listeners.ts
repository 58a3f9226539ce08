/** Adds a Capacitor plugin listener that may still be loading; the remover works either way. */
export function lazyListener(add: () => Promise<{ remove: () => Promise<void> }>): () => void {
  let removed = false;
  let handle: { remove: () => Promise<void> } | null = null;
  void add().then((h) => {
    if (removed) void h.remove();
    else handle = h;
  });
  return () => {
    removed = true;
    void handle?.remove();
  };
}
