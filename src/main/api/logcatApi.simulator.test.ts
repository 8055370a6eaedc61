// logcat:start / logcat:redaction / logcat:stop through the transports' entry (dispatchChannel) on a simulated phone
// behind a real adb server: the commands the device received, the batches as the renderer parses them (filtered by
// the follow's query, redacted by default), the bounded relay's drop count, and a device unplug ending the follow.
import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMAS, OUTPUT_SCHEMAS } from '../../shared/api/outputSchemas';
import type { LogcatBatchEvent, LogcatEndedEvent } from '../../shared/api/logcatSchemas';
import { logTrafficOf } from '../../simulator/device/logTraffic';
import { processesOf, SYSTEMUI_PACKAGE } from '../../simulator/device/processes';
import { useSimulatedConsole } from '../../test-support/simulatedConsole';
import { dispatchChannel } from './dispatch';
import { LogcatFollows } from './logcatApiFollows';

const phone = useSimulatedConsole({ boot: { logTraffic: { ratePerSecond: 5, seed: 3 } } });

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The logcat:batch payloads of `followId` so far, parsed as the renderer parses them (through JSON). */
function batches(followId: string): LogcatBatchEvent[] {
  return phone.setup.events.flatMap((message) =>
    message.event === 'logcat:batch' && message.payload.followId === followId
      ? [EVENT_SCHEMAS['logcat:batch'].parse(JSON.parse(JSON.stringify(message.payload)))]
      : [],
  );
}

const messagesOf = (followId: string): string[] =>
  batches(followId).flatMap((batch) => batch.lines.map((line) => `${line.entry.tag}|${line.entry.message}`));

describe('logcat follows through the console API', () => {
  it('follows with the query applied, redacts by default, switches redaction, and stop closes the device stream', async () => {
    const api = phone.api();
    const pid = processesOf(phone.sim.state).pidOf(SYSTEMUI_PACKAGE);
    if (pid === undefined) throw new Error('System UI is not running');
    const started = await dispatchChannel(api, 'logcat:start', {
      serial: phone.serial,
      query: 'package:systemui tag:Viewer',
      tail: 1,
    });
    if (!started.ok) throw new Error(started.error.message);
    const info = OUTPUT_SCHEMAS['logcat:start'].parse(JSON.parse(JSON.stringify(started.value)));
    expect(info).toMatchObject({
      serial: phone.serial,
      command: 'logcat -v threadtime -T 1',
      query: 'package:systemui tag:Viewer',
      redacting: true,
    });
    expect(info.caveat).toMatch(/best effort/);
    expect(phone.services()).toContain('shell:logcat -v threadtime -T 1');
    expect(phone.services().some((service) => /^shell(,v2,raw)?:ps -A$/.test(service))).toBe(true);
    await until(() => (logTrafficOf(phone.sim.state)?.attachedReaders ?? 0) > 0);

    phone.sim.state.appendLog({ pid, priority: 'I', tag: 'Other', message: 'not this tag' });
    phone.sim.state.appendLog({ pid: 1, priority: 'I', tag: 'Viewer', message: 'not this package' });
    phone.sim.state.appendLog({
      pid,
      priority: 'I',
      tag: 'Viewer',
      message: 'Authorization: Bearer abc.def',
    });
    await until(() => messagesOf(info.followId).length > 0);
    expect(messagesOf(info.followId)).toEqual(['Viewer|Authorization: [REDACTED]']);
    const first = batches(info.followId).find((batch) => batch.lines.length > 0);
    expect(first?.lines[0]?.redactions).toBe(1);
    expect(first?.processes).toContainEqual({ pid, name: SYSTEMUI_PACKAGE });

    const off = await dispatchChannel(api, 'logcat:redaction', { followId: info.followId, redact: false });
    expect(off).toMatchObject({ ok: true, value: { redacting: false } });
    phone.sim.state.appendLog({ pid, priority: 'W', tag: 'Viewer', message: 'token=plain' });
    await until(() => messagesOf(info.followId).length > 1);
    expect(messagesOf(info.followId)[1]).toBe('Viewer|token=plain');

    const stopped = await dispatchChannel(api, 'logcat:stop', { followId: info.followId });
    expect(stopped).toEqual({
      ok: true,
      value: { followId: info.followId, serial: phone.serial, received: 2, dropped: 0 },
    });
    // The device side lets go of its reader once adb has closed the stream.
    await until(() => (logTrafficOf(phone.sim.state)?.attachedReaders ?? 0) === 0);
    const again = await dispatchChannel(api, 'logcat:stop', { followId: info.followId });
    expect(again).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(phone.setup.events.some((message) => message.event === 'logcat:ended')).toBe(false);
  });

  it('refuses a malformed query, tail or follow id before touching the device', async () => {
    const api = phone.api();
    const before = phone.sim.device.received().length;
    const bad = await dispatchChannel(api, 'logcat:start', {
      serial: phone.serial,
      query: 'tag:A level:loud',
    });
    expect(bad).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_ARGUMENTS',
        message: expect.stringContaining('"level:loud" level: must be one of V, D, I, W, E, F'),
        details: { field: 'query', errors: [{ token: 'level:loud', offset: 6 }] },
      },
    });
    const tail = await dispatchChannel(api, 'logcat:start', { serial: phone.serial, tail: 0 });
    expect(tail).toMatchObject({ ok: false, error: { details: { field: 'tail' } } });
    const id = await dispatchChannel(api, 'logcat:stop', { followId: '../x' });
    expect(id).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', details: { field: 'followId' } } });
    expect(phone.sim.device.received().length).toBe(before);
  });

  it('skips the oldest lines beyond its cap and backlog, marks each skip exactly, and keeps every event small', async () => {
    const follows = new LogcatFollows({
      hub: phone.hub,
      events: phone.setup.dependencies.events,
      emitMs: 200,
      maxLinesPerEvent: 10,
      maxPending: 50,
      maxLinesPerSecond: 50,
    });
    const started = await follows.start({ serial: phone.serial, query: 'tag:Burst', tail: 1 });
    if (!started.ok) throw new Error(started.error.message);
    const { followId } = started.value;
    for (let index = 0; index < 400; index += 1)
      phone.sim.state.appendLog({ priority: 'D', tag: 'Burst', message: `line ${index}` });
    // Every line read is either sent or counted as dropped.
    const accounted = (): number => {
      const all = batches(followId);
      const sent = all.reduce((sum, batch) => sum + batch.lines.length, 0);
      return sent + (all.at(-1)?.dropped ?? 0);
    };
    await until(() => accounted() === 400);
    const all = batches(followId);
    expect(all.every((batch) => batch.lines.length <= 10)).toBe(true);
    expect(all.at(-1)?.dropped).toBeGreaterThan(0);
    const sent = all.flatMap((batch) => batch.lines);
    // Drop-oldest: the newest line always arrives, and what arrives stays in order.
    expect(sent.at(-1)?.entry.message).toBe('line 399');
    const seqs = sent.map((line) => line.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // Each skip is marked where it happened: at least that many lines (other tags filtered out by the query leave
    // gaps too) lie between the marked line and the one sent before it; the marks add up to the count exactly.
    let previous = -1;
    let marked = 0;
    for (const batch of all) {
      for (const skip of batch.skips ?? []) {
        marked += skip.count;
        const line = batch.lines[skip.at];
        if (line !== undefined) expect(line.seq - previous - 1).toBeGreaterThanOrEqual(skip.count);
      }
      previous = batch.lines.at(-1)?.seq ?? previous;
    }
    expect(marked).toBe(all.at(-1)?.dropped);
    expect(sent.length + marked).toBe(400);
    expect(started.value.maxLinesPerSecond).toBe(50);
    const stopped = await follows.stop(followId);
    expect(stopped).toMatchObject({ ok: true, value: { received: 400, dropped: 400 - sent.length } });
  });

  it('closes the oldest follow when one more than maxFollows starts, and says so to its page', async () => {
    const follows = new LogcatFollows({
      hub: phone.hub,
      events: phone.setup.dependencies.events,
      maxFollows: 1,
    });
    const first = await follows.start({ serial: phone.serial, tail: 1 });
    if (!first.ok) throw new Error(first.error.message);
    await until(() => (logTrafficOf(phone.sim.state)?.attachedReaders ?? 0) === 1);
    const second = await follows.start({ serial: phone.serial, tail: 1 });
    if (!second.ok) throw new Error(second.error.message);
    const ended = phone.setup.events.find(
      (message) => message.event === 'logcat:ended' && message.payload.followId === first.value.followId,
    );
    expect(ended?.payload).toMatchObject({ error: { code: 'COMMAND_CANCELLED', details: { max: 1 } } });
    expect(follows.size).toBe(1);
    // The first follow's device stream is closed; only the second one reads.
    await until(() => (logTrafficOf(phone.sim.state)?.attachedReaders ?? 0) === 1);
    expect(await follows.stop(first.value.followId)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    await follows.stop(second.value.followId);
    await until(() => (logTrafficOf(phone.sim.state)?.attachedReaders ?? 0) === 0);
  });

  it('ends the follow with a structured error when the device is unplugged', async () => {
    const api = phone.api();
    const started = await dispatchChannel(api, 'logcat:start', { serial: phone.serial, tail: 1 });
    if (!started.ok) throw new Error(started.error.message);
    const { followId } = OUTPUT_SCHEMAS['logcat:start'].parse(started.value);
    await phone.sim.device.unplug({ keepListening: false });
    let ended: LogcatEndedEvent | undefined;
    await until(() => {
      const message = phone.setup.events.find(
        (candidate) => candidate.event === 'logcat:ended' && candidate.payload.followId === followId,
      );
      if (message?.event === 'logcat:ended') ended = EVENT_SCHEMAS['logcat:ended'].parse(message.payload);
      return ended !== undefined;
    });
    expect(ended?.error.code).toMatch(/^(DEVICE_OFFLINE|DEVICE_NOT_FOUND)$/);
    expect(ended?.error.message).toMatch(/^The logcat follow ended: /);
    expect(ended?.error.details).toMatchObject({
      serial: phone.serial,
      command: 'logcat -v threadtime -T 1',
    });
    // The follow is gone: stopping it now says so.
    const stop = await dispatchChannel(api, 'logcat:stop', { followId });
    expect(stop).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
