// Names of exported runs: the first export of run `id` is `<id>.zip`, a second into the same place `<id> (2).zip`,
// then `(3)`... (the convention file managers and browsers use for copies), so exporting twice never collides. Pure.

/** The file name of copy `copy` (1 is the plain name) of `name`: `a.zip` → `a (2).zip`, a folder `a` → `a (2)`. */
export function copyName(name: string, copy: number): string {
  if (copy <= 1) return name;
  const dot = name.toLowerCase().endsWith('.zip') ? name.length - 4 : name.length;
  return `${name.slice(0, dot)} (${copy})${name.slice(dot)}`;
}

/** The export file name of run `id` as copy `copy` (1 is `<id>.zip`). */
export function exportFileName(id: string, copy = 1): string {
  return copyName(`${id}.zip`, copy);
}
