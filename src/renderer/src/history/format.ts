// How history entries read: local time, device, label. Pure.
import type { RunSummary } from '../../../shared/api/evidence';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** "14:03:22" for today, else "2025-05-01 14:03" (local time); the ISO text when it is not a date. */
export function formatRunTime(iso: string, now: Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  const sameDay =
    date.getFullYear() === now.getFullYear() &&
    date.getMonth() === now.getMonth() &&
    date.getDate() === now.getDate();
  if (sameDay) return `${time}:${pad(date.getSeconds())}`;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${time}`;
}

/** The name a run goes by in buttons and dialogs: its label, else its id. */
export function runName(run: Pick<RunSummary, 'id' | 'label'>): string {
  return run.label !== undefined && run.label.trim() !== '' ? run.label : run.id;
}

/** "Pixel 7 (emulator-5554)" or the serial. */
export function runDevice(run: Pick<RunSummary, 'deviceSerial' | 'deviceModel'>): string {
  return run.deviceModel === undefined ? run.deviceSerial : `${run.deviceModel} (${run.deviceSerial})`;
}
