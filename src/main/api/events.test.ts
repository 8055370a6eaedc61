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
