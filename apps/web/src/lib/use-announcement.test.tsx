// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAnnouncement } from './use-announcement.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('useAnnouncement', () => {
  it('tells a new step at once and the figures at most every 10 seconds', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-05T12:00:00.000Z'));
    const { result, rerender } = renderHook(
      ({ text, topic }) => useAnnouncement(text, topic, 10_000),
      { initialProps: { text: 'Klárt at tanka', topic: 'ready' } },
    );
    expect(result.current).toBe('Klárt at tanka');

    rerender({ text: 'Tanking í gongd. 0,50 litrar', topic: 'fuelling' });
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(result.current).toBe('Tanking í gongd. 0,50 litrar');

    // Twice a second from the pump: nothing new is said for 10 seconds, then the latest.
    for (let i = 1; i <= 19; i += 1) {
      rerender({ text: `Tanking í gongd. ${String(i)},00 litrar`, topic: 'fuelling' });
      act(() => {
        vi.advanceTimersByTime(500);
      });
      expect(result.current).toBe('Tanking í gongd. 0,50 litrar');
    }
    rerender({ text: 'Tanking í gongd. 20,00 litrar', topic: 'fuelling' });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current).toBe('Tanking í gongd. 20,00 litrar');

    rerender({ text: 'Liðugt', topic: 'completed' });
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(result.current).toBe('Liðugt');
  });
});
