// Per-thread state of the analysis loop, one object per tid found by one lookup (an array for tids below
// DENSE_TIDS, a Map above) instead of a Map lookup per state per event. The runnable, running and open-slice states
// are valid only while their epoch equals the loop's (a loss marker advances it, clearing them all at once).

/** Linux pids stay below 2^22; tids below this index an array. */
const DENSE_TIDS = 1 << 16;

export interface ThreadStats {
  running: number;
  wakeups: number;
  wait: number;
}

export interface ThreadSlot {
  /** The event that made the thread runnable (valid while readyEpoch is current); -1 not runnable. */
  ready: number;
  readyEpoch: number;
  /** How many CPUs it runs on (valid while runningEpoch is current). */
  running: number;
  runningEpoch: number;
  /** Open atrace slices: the begin events' indices (present while stack is set and stackEpoch is current). */
  stack: number[] | null;
  stackEpoch: number;
  /** The thread's entry in the stats map, once it has one. */
  stats: ThreadStats | null;
  /** Fixed by the decoded trace: whether the thread is selected by the target, and named RenderThread. */
  selected: boolean;
  renderThread: boolean;
}

export class ThreadSlots {
  private readonly dense = new Array<ThreadSlot | undefined>(DENSE_TIDS).fill(undefined);
  private readonly sparse = new Map<number, ThreadSlot>();
  private readonly all: ThreadSlot[] = [];

  constructor(
    private readonly selected: (tid: number) => boolean,
    private readonly names: Map<number, string>,
  ) {}

  get(tid: number): ThreadSlot {
    const dense = tid < DENSE_TIDS;
    const found = dense ? this.dense[tid] : this.sparse.get(tid);
    if (found !== undefined) return found;
    const slot: ThreadSlot = {
      ready: -1,
      readyEpoch: 0,
      running: 0,
      runningEpoch: 0,
      stack: null,
      stackEpoch: 0,
      stats: null,
      selected: this.selected(tid),
      renderThread: this.names.get(tid) === 'RenderThread',
    };
    if (dense) this.dense[tid] = slot;
    else this.sparse.set(tid, slot);
    this.all.push(slot);
    return slot;
  }

  /** The number of open slices of all threads whose stacks are current in `epoch`. */
  openSlices(epoch: number): number {
    let open = 0;
    for (const slot of this.all) {
      if (slot.stack !== null && slot.stackEpoch === epoch) open += slot.stack.length;
    }
    return open;
  }
}
