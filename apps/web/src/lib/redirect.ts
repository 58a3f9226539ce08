/** Only same-app paths are followed after sign-in, never another origin. */
export function safeRedirect(value: string | null | undefined, fallback = '/home'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  return value;
}

export function loginPathFor(target: string): string {
  return `/login?redirect=${encodeURIComponent(target)}`;
}
