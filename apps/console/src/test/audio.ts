// A stand-in for the Web Audio API: `vi.stubGlobal('AudioContext', FakeAudioContext)`. Like a
// browser's, it starts suspended until resumed from a tap.

export class FakeAudioContext extends EventTarget {
  static instances: FakeAudioContext[] = [];
  state: 'suspended' | 'running' | 'closed' = 'suspended';
  currentTime = 0;
  readonly destination = {};
  /** Oscillators made: two per chime. */
  tones = 0;

  constructor() {
    super();
    FakeAudioContext.instances.push(this);
  }

  resume(): Promise<void> {
    this.state = 'running';
    this.dispatchEvent(new Event('statechange'));
    return Promise.resolve();
  }

  suspend(): Promise<void> {
    this.state = 'suspended';
    this.dispatchEvent(new Event('statechange'));
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.state = 'closed';
    return Promise.resolve();
  }

  createOscillator() {
    this.tones += 1;
    const noop = () => undefined;
    return {
      type: 'sine',
      frequency: { setValueAtTime: noop },
      connect: noop,
      start: noop,
      stop: noop,
    };
  }

  createGain() {
    const noop = () => undefined;
    return { gain: { setValueAtTime: noop, exponentialRampToValueAtTime: noop }, connect: noop };
  }
}

/** The audio context the screen is using now. */
export function liveAudio(): FakeAudioContext {
  const context = FakeAudioContext.instances.filter((c) => c.state !== 'closed').at(-1);
  if (!context) throw new Error('no audio context is open');
  return context;
}
