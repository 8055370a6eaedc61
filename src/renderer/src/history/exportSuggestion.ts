// Where the export dialog suggests writing a run: the folder of the last export (else next to the evidence folder),
// under the first copy name (`<id>.zip`, `<id> (2).zip`...) this console has not exported there yet. Pure.
import { exportFileName } from '../../../shared/api/exportName';
import { suggestPath } from '../ui/paths';

/** The folder part of `path` (either separator); null for a bare name. */
export function folderOf(path: string): string | null {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  if (cut < 0) return null;
  return cut === 0 ? path.slice(0, 1) : path.slice(0, cut);
}

function inFolder(folder: string, name: string): string {
  const separator = folder.includes('\\') && !folder.includes('/') ? '\\' : '/';
  return folder.endsWith(separator) ? `${folder}${name}` : `${folder}${separator}${name}`;
}

/** The path to suggest for run `id`, given the last export folder, the evidence folder and the paths exported. */
export function suggestExportPath(
  id: string,
  lastFolder: string | null,
  evidenceDirectory: string | undefined,
  exported: readonly string[],
): string {
  for (let copy = 1; ; copy += 1) {
    const name = exportFileName(id, copy);
    const path = lastFolder === null ? suggestPath(evidenceDirectory, name) : inFolder(lastFolder, name);
    if (!exported.includes(path)) return path;
  }
}
