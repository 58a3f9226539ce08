import { describe, expect, it, vi } from 'vitest';
import {
  applyWaitingWorker,
  hasUpdateWaiting,
  registerServiceWorker,
  reloadToNewest,
  type WorkerContainer,
} from './service-worker.ts';

/** A worker as the page sees it: a state, messages in, state changes out. */
class FakeWorker extends EventTarget {
  messages: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  /** What the server has after a deploy: update() starts installing it. */
  deployed: FakeWorker | null = null;
  update = vi.fn(() => {
    if (this.deployed) this.find(this.deployed);
    return Promise.resolve();
  });
  find(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
  install() {
    const worker = this.installing;
    if (!worker) throw new Error('nothing installing');
    this.installing = null;
    this.waiting = worker;
    worker.moveTo('installed');
  }
}

class FakeContainer extends EventTarget {
  registrations: FakeRegistration[] = [];
  constructor(
    public controller: FakeWorker | null,
    public registration = new FakeRegistration(),
  ) {
    super();
  }
  register = vi.fn((url: string) => {
    expect(url).toBe('/sw.js');
    return Promise.resolve(this.registration);
  });
  getRegistration = vi.fn(() => Promise.resolve(this.registration));
  takeOver(worker: FakeWorker) {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

// The fakes stand in for the browser's objects; the module reads only what the types name.
const asContainer = (c: FakeContainer) => c as unknown as WorkerContainer;
const asRegistration = (r: FakeRegistration) => r as unknown as ServiceWorkerRegistration;

describe('the update to offer', () => {
  it('is a new worker waiting while an older one runs the page', () => {
    const running = new FakeWorker('activated');
    const waiting = new FakeWorker('installed');
    expect(hasUpdateWaiting({ waiting: null }, { controller: running as never })).toBe(false);
    expect(hasUpdateWaiting({ waiting: waiting as never }, { controller: running as never })).toBe(
      true,
    );
    // The first visit: the worker that just installed is the first one, nothing to update.
    expect(hasUpdateWaiting({ waiting: waiting as never }, { controller: null })).toBe(false);
  });

  it('is offered for a worker left waiting by an earlier visit', async () => {
    const container = new FakeContainer(new FakeWorker('activated'));
    container.registration.waiting = new FakeWorker('installed');
    const onUpdate = vi.fn();
    await registerServiceWorker(onUpdate, asContainer(container));
    expect(onUpdate).toHaveBeenCalledOnce();
    expect(onUpdate).toHaveBeenCalledWith(container.registration);
  });

  it('is offered when a worker found later has installed, not before', async () => {
    const container = new FakeContainer(new FakeWorker('activated'));
    const onUpdate = vi.fn();
    await registerServiceWorker(onUpdate, asContainer(container));
    expect(onUpdate).not.toHaveBeenCalled();

    container.registration.find(new FakeWorker('installing'));
    expect(onUpdate).not.toHaveBeenCalled();
    container.registration.install();
    expect(onUpdate).toHaveBeenCalledOnce();
  });

  it('is not offered on the first visit, when the first worker installs', async () => {
    const container = new FakeContainer(null);
    const onUpdate = vi.fn();
    await registerServiceWorker(onUpdate, asContainer(container));
    container.registration.find(new FakeWorker('installing'));
    container.registration.install();
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('is not offered for a worker that failed to install', async () => {
    const container = new FakeContainer(new FakeWorker('activated'));
    const onUpdate = vi.fn();
    await registerServiceWorker(onUpdate, asContainer(container));
    const broken = new FakeWorker('installing');
    container.registration.find(broken);
    broken.moveTo('redundant');
    expect(onUpdate).not.toHaveBeenCalled();
  });
});

describe('accepting the update', () => {
  it('tells the waiting worker to take over and reloads once it controls the page', () => {
    const container = new FakeContainer(new FakeWorker('activated'));
    const waiting = new FakeWorker('installed');
    container.registration.waiting = waiting;
    const reload = vi.fn();

    const applied = applyWaitingWorker(
      asRegistration(container.registration),
      asContainer(container),
      reload,
    );
    expect(applied).toBe(true);
    expect(waiting.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    // Not before the new worker is in charge: the reload would start the old build again.
    expect(reload).not.toHaveBeenCalled();

    container.takeOver(waiting);
    container.takeOver(waiting);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does nothing when no worker waits', () => {
    const container = new FakeContainer(new FakeWorker('activated'));
    const reload = vi.fn();
    const registration = asRegistration(container.registration);
    expect(applyWaitingWorker(registration, asContainer(container), reload)).toBe(false);
    container.takeOver(new FakeWorker('activated'));
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('"Get the update" on the web', () => {
  it('fetches the newest worker, puts it in charge, then reloads', async () => {
    const container = new FakeContainer(new FakeWorker('activated'));
    const deployed = new FakeWorker('installing');
    container.registration.deployed = deployed;
    const reload = vi.fn();

    const done = reloadToNewest(asContainer(container), reload);
    await vi.waitFor(() => expect(container.registration.update).toHaveBeenCalled());
    container.registration.install();
    await done;
    expect(deployed.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    container.takeOver(deployed);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads at once when there is no newer worker, or no worker at all', async () => {
    const reload = vi.fn();
    await reloadToNewest(asContainer(new FakeContainer(new FakeWorker('activated'))), reload);
    expect(reload).toHaveBeenCalledOnce();

    await reloadToNewest(null, reload);
    expect(reload).toHaveBeenCalledTimes(2);

    const unregistered = new FakeContainer(null);
    unregistered.getRegistration.mockResolvedValue(undefined as never);
    await reloadToNewest(asContainer(unregistered), reload);
    expect(reload).toHaveBeenCalledTimes(3);
  });
});
