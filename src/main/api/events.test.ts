import { describe, expect, it } from 'vitest';
import { ConsoleEventBus, type ConsoleEventMessage } from './events';

describe('ConsoleEventBus', () => {
  it('delivers each event to every listener until it unsubscribes, past a throwing listener', () => {
    const bus = new ConsoleEventBus();
    const received: ConsoleEventMessage[] = [];
    bus.subscribe(() => {
      throw new Error('closed window');
    });
    const unsubscribe = bus.subscribe((message) => received.push(message));
    bus.emit('devices:changed', []);
    bus.emit('run:progress', { runId: 'r', step: 'set', status: 'running', serial: 's' });
    unsubscribe();
    bus.emit('devices:changed', []);
    expect(received).toEqual([
      { event: 'devices:changed', payload: [] },
      { event: 'run:progress', payload: { runId: 'r', step: 'set', status: 'running', serial: 's' } },
    ]);
    expect(bus.listenerCount).toBe(1);
  });
});

describe('ConsoleEventBus.audience', () => {
  it('sums the pages the listeners reach now, ignoring listeners without one and failing counts', () => {
    const bus = new ConsoleEventBus();
    let streams = 2;
    bus.subscribe(() => undefined);
    const stopWeb = bus.subscribe(
      () => undefined,
      () => streams,
    );
    bus.subscribe(
      () => undefined,
      () => {
        throw new Error('window gone');
      },
    );
    expect(bus.audience()).toBe(2);
    streams = 0;
    expect(bus.audience()).toBe(0);
    streams = 3;
    stopWeb();
    expect(bus.audience()).toBe(0);
  });
});
