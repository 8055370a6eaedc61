import { describe, expect, it } from 'vitest';
import { frameWork, type TraceEvent } from './logcatFrames';

const thread = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const frame = (ms: number, tid = 2): TraceEvent => ({
  name: 'BeginMainThreadFrame',
  ph: 'I',
  pid: 1,
  tid,
  ts: ms * 1000,
});
const slice = (name: string, fromMs: number, ms: number, tid = 2): TraceEvent => ({
  name,
  ph: 'X',
  pid: 1,
  tid,
  ts: fromMs * 1000,
  dur: ms * 1000,
});

describe('frameWork', () => {
  it('sums the main thread tasks inside each frame, splitting a task across the frames it spans', () => {
    const result = frameWork([
      thread(1, 2, 'CrRendererMain'),
      thread(1, 3, 'Compositor'),
      frame(0),
      frame(16.7),
      frame(33.4),
      frame(66.8),
      slice('RunTask', 1, 4),
      slice('FunctionCall', 1.5, 3),
      slice('RunTask', 10, 10), // 6.7 ms in frame 1, 3.3 ms in frame 2
      slice('Layout', 17, 2),
      slice('RunTask', 34, 30), // a long task: the next frame waits for it
      slice('RunTask', 5, 40, 3), // another thread: not the page's main thread work
    ]);
    expect(result).toBeDefined();
    expect(result?.lengths.map((ms) => Number(ms.toFixed(1)))).toEqual([16.7, 16.7, 33.4]);
    expect(result?.work.map((ms) => Number(ms.toFixed(1)))).toEqual([10.7, 3.3, 30]);
    expect(result?.busyMs).toBeCloseTo(44);
    expect(result?.spanMs).toBeCloseTo(66.8);
    expect(result?.byName.get('FunctionCall')).toBeCloseTo(3);
    expect(result?.byName.get('Layout')).toBeCloseTo(2);
    expect(result?.byName.has('RunTask')).toBe(false);
  });

  it('counts overlapping (nested) tasks once and picks the renderer thread that has frames', () => {
    const result = frameWork([
      thread(1, 2, 'CrRendererMain'),
      thread(9, 2, 'CrRendererMain'),
      frame(0, 2),
      frame(20, 2),
      slice('RunTask', 2, 10),
      slice('RunTask', 4, 2), // nested run loop
    ]);
    expect(result?.work).toEqual([10]);
    expect(frameWork([thread(1, 2, 'CrRendererMain'), slice('RunTask', 0, 5)])).toBeUndefined();
  });
});

describe('frameWork window', () => {
  it('counts only the frames between the page time stamps', () => {
    const mark = (message: string, ms: number): TraceEvent => ({
      name: 'TimeStamp',
      ph: 'I',
      pid: 1,
      tid: 2,
      ts: ms * 1000,
      args: { data: { message } },
    });
    const events = [
      thread(1, 2, 'CrRendererMain'),
      frame(0),
      mark('start', 10),
      frame(16.7),
      slice('RunTask', 20, 5),
      frame(33.4),
      mark('end', 40),
      frame(50.1),
      slice('RunTask', 35, 12),
    ];
    expect(frameWork(events, { start: 'start', end: 'end' })?.work).toEqual([5]);
    expect(frameWork(events)?.work.map((ms) => Number(ms.toFixed(1)))).toEqual([0, 5, 12]);
  });
});
