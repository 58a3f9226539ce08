import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | null {
  const w = globalThis as {
    AudioContext?: AudioContextClass;
    webkitAudioContext?: AudioContextClass;
  };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/** The new order's two short rising tones. */
export const ORDER_TONES: readonly number[] = [880, 1320];
/** An alarm's four falling and rising tones, unlike an order's. */
export const ALARM_TONES: readonly number[] = [988, 740, 988, 740];

/** Short tones one after another, made on the spot: no sound file to load or cache. */
function ding(context: AudioContext, tones: readonly number[]) {
  const start = context.currentTime + 0.02;
  for (const [i, frequency] of tones.entries()) {
    const at = start + i * 0.18;
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.type = 'sine';
    tone.frequency.setValueAtTime(frequency, at);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.5, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
    tone.connect(gain);
    gain.connect(context.destination);
    tone.start(at);
    tone.stop(at + 0.32);
  }
}

/** 'unavailable': no Web Audio here; 'off': waiting for a tap; 'on': sound plays. */
export type SoundState = 'unavailable' | 'off' | 'on';

/**
 * The audio context as an outside store: made when the display mounts, closed when it leaves,
 * and its state ('suspended' until a tap, unless the browser allows sound at once) followed.
 */
class Sound {
  context: AudioContext | null = null;
  private failed = false;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    if (!this.context && !this.failed) this.open();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.close();
    };
  };

  snapshot = (): SoundState => {
    if (this.failed || !audioContextClass()) return 'unavailable';
    return this.context?.state === 'running' ? 'on' : 'off';
  };

  private readonly notify = () => {
    for (const listener of this.listeners) listener();
  };

  private open() {
    const Context = audioContextClass();
    if (!Context) return;
    try {
      this.context = new Context();
      this.context.addEventListener('statechange', this.notify);
    } catch {
      this.failed = true;
    }
    this.notify();
  }

  private close() {
    const context = this.context;
    this.context = null;
    if (!context) return;
    context.removeEventListener('statechange', this.notify);
    void context.close().catch(() => undefined);
  }
}

export interface Chime {
  state: SoundState;
  /** Call from a tap: browsers start audio only after a user gesture. A short chime answers. */
  enable: () => void;
  /** Silences it on purpose, and remembers so on this device. */
  mute: () => void;
  /** Plays the chime (or other tones) when sound is on; answers whether it did. */
  play: (tones?: readonly number[]) => boolean;
  /** How many chimes played (the answer to the tap is not one). */
  played: number;
  /** Whether sound was allowed on this device before: a first touch anywhere brings it back. */
  wanted: boolean;
}

/** Where a screen remembers that sound was allowed on this device. */
const memoryKey = (name: string) => `stod_console_sound_${name}`;

function remembered(name: string | undefined): boolean {
  if (!name) return false;
  try {
    return localStorage.getItem(memoryKey(name)) === 'on';
  } catch {
    return false;
  }
}

function remember(name: string | undefined, on: boolean) {
  if (!name) return;
  try {
    localStorage.setItem(memoryKey(name), on ? 'on' : 'off');
  } catch {
    // A device that keeps nothing asks again after a reload.
  }
}

/**
 * A chime through the Web Audio API: the new order's, or another's tones. With a `memory` name,
 * a device where staff allowed sound once gets it back after a reload: at once where the browser
 * lets a page start audio, else at the first touch or key anywhere on the screen.
 */
export function useChime(tones: readonly number[] = ORDER_TONES, memory?: string): Chime {
  const [sound] = useState(() => new Sound());
  const state = useSyncExternalStore(sound.subscribe, sound.snapshot, sound.snapshot);
  const [played, setPlayed] = useState(0);
  const [wanted, setWanted] = useState(() => remembered(memory));

  const resume = useCallback(
    (answer: boolean) => {
      const context = sound.context;
      if (!context) return;
      void context
        .resume()
        .then(() => {
          if (answer && context.state === 'running') ding(context, tones);
        })
        .catch(() => undefined);
    },
    [sound, tones],
  );

  const enable = useCallback(() => {
    remember(memory, true);
    setWanted(true);
    resume(true);
  }, [memory, resume]);

  const mute = useCallback(() => {
    remember(memory, false);
    setWanted(false);
    void sound.context?.suspend().catch(() => undefined);
  }, [memory, sound]);

  // Allowed before: try at once, and again at the first touch or key anywhere.
  useEffect(() => {
    if (!wanted || state !== 'off') return;
    resume(false);
    const again = () => resume(false);
    document.addEventListener('pointerdown', again, true);
    document.addEventListener('keydown', again, true);
    return () => {
      document.removeEventListener('pointerdown', again, true);
      document.removeEventListener('keydown', again, true);
    };
  }, [wanted, state, resume]);

  const play = useCallback(
    (other?: readonly number[]) => {
      const context = sound.context;
      if (context?.state !== 'running') return false;
      ding(context, other ?? tones);
      setPlayed((n) => n + 1);
      return true;
    },
    [sound, tones],
  );

  return { state, enable, mute, play, played, wanted };
}
