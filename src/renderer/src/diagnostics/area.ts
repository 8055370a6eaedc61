// Which area the console shows: the on-screen-log designer or Diagnostics. Remembered per tab (sessionStorage).

export const AREAS = ['logs', 'diagnostics', 'traces'] as const;
export type ConsoleArea = (typeof AREAS)[number];

export const AREA_LABELS: Record<ConsoleArea, string> = {
  logs: 'On-screen logs',
  diagnostics: 'Diagnostics',
  traces: 'System traces',
};

const AREA_KEY = 'androperator.area';

/** The remembered area, else the on-screen logs (also when storage is unavailable). */
export function readArea(storage: Pick<Storage, 'getItem'> | undefined): ConsoleArea {
  try {
    const stored = storage?.getItem(AREA_KEY);
    return AREAS.find((area) => area === stored) ?? 'logs';
  } catch {
    return 'logs';
  }
}

export function storeArea(storage: Pick<Storage, 'setItem'> | undefined, area: ConsoleArea): void {
  try {
    storage?.setItem(AREA_KEY, area);
  } catch {
    // Storage refused (private mode, quota): the area is still switched for this page.
  }
}

/** The tab's sessionStorage, or undefined outside a browser (tests, the store's unit tests). */
export function sessionStore(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
