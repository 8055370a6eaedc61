// `sequence --hold`: stdin drives the held panel. Enter (an empty line, or c) takes another capture; q (or the end of
// stdin) releases it. What the hold does is told on stderr; stdout keeps the one JSON object of the run.
import { createInterface } from 'node:readline';
import { holdEndText, type SequenceHoldState } from '../shared/api/sequence';
import { usageError } from './usage';

export type HoldInputCommand = 'capture' | 'release';

/** Where a held run reads its commands and writes what it does. */
export interface HoldIo {
  input: NodeJS.ReadableStream;
  status(text: string): void;
}

/** The process's own stdin and stderr. */
export const PROCESS_HOLD_IO: HoldIo = {
  input: process.stdin,
  status: (text) => process.stderr.write(`${text}\n`),
};

/** What one stdin line asks for; a usage-free line is told and ignored (null). */
export function holdCommandOf(line: string): HoldInputCommand | null {
  const word = line.trim().toLowerCase();
  if (word === '' || word === 'c' || word === 'capture') return 'capture';
  if (word === 'q' || word === 'quit' || word === 'release') return 'release';
  return null;
}

/**
 * The held run's commands from `io.input`, line by line, ending with release when the input ends; `close()` stops
 * reading (the run has finished), so a finished run never waits on stdin.
 */
export function holdCommands(io: HoldIo): { commands: AsyncIterable<HoldInputCommand>; close(): void } {
  const lines = createInterface({ input: io.input, terminal: false });
  let closed = false;
  async function* read(): AsyncIterable<HoldInputCommand> {
    try {
      for await (const line of lines) {
        const command = holdCommandOf(line);
        if (command === null) {
          io.status(
            `androperator sequence: "${line.trim()}" is not a hold command: Enter captures, q releases.`,
          );
          continue;
        }
        yield command;
        if (command === 'release') return;
      }
      if (!closed) yield 'release';
    } finally {
      lines.close();
    }
  }
  return {
    commands: read(),
    close: () => {
      closed = true;
      lines.close();
    },
  };
}

/** One stderr line per change worth telling: held (with the keys), each capture's check, the end and why. */
export function holdReporter(io: HoldIo): (view: SequenceHoldState) => void {
  let told = 0;
  let holding = false;
  let ended = false;
  return (view) => {
    // A capture is told once its check and the foreground app are in (or it failed).
    const ready = view.captures.filter(
      (capture) =>
        capture.status === 'failed' ||
        ((capture.captureCheck !== undefined || capture.captureCheckError !== undefined) &&
          capture.foreground !== undefined),
    );
    for (const capture of ready.slice(told)) {
      const check = capture.captureCheck;
      const verdict =
        capture.status === 'failed'
          ? 'failed'
          : check === undefined
            ? 'not checked'
            : `panel in capture: ${check.inCapture ? 'yes' : 'no'}`;
      const seen = capture.foreground;
      const app =
        seen?.packageName === undefined
          ? ''
          : `; foreground ${seen.packageName} ${seen.versionName ?? ''}`.trimEnd();
      io.status(`capture ${capture.index}/${view.maxCaptures} ${capture.file ?? ''} (${verdict}${app})`);
    }
    told = Math.max(told, ready.length);
    if (view.status === 'holding' && !holding) {
      holding = true;
      io.status(
        `Panel held (clears by itself at ${view.endsAt ?? '?'} or after ${view.maxCaptures} captures): Enter = capture, q = release`,
      );
    }
    if (view.status === 'ended' && view.endedBy !== undefined && !ended) {
      ended = true;
      io.status(view.endedReason ?? holdEndText(view.endedBy, view.maxCaptures, view.maxMs, view.error));
    }
  };
}

/** --max-captures as the hold's bound. */
export function maxCapturesOf(value: string | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > max)
    usageError(`--max-captures must be an integer in 1..${max}, got "${value}"`, {
      flag: '--max-captures',
      value,
    });
  return parsed;
}
