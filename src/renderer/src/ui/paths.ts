// Suggested file paths next to the evidence folder (the console writes on its own machine). Pure.

/** `<parent of evidenceDirectory>/<fileName>` with the directory's own separator; the bare name when unknown. */
export function suggestPath(evidenceDirectory: string | undefined, fileName: string): string {
  if (evidenceDirectory === undefined) return fileName;
  const separator = evidenceDirectory.includes('\\') && !evidenceDirectory.includes('/') ? '\\' : '/';
  const trimmed = evidenceDirectory.endsWith(separator) ? evidenceDirectory.slice(0, -1) : evidenceDirectory;
  const cut = trimmed.lastIndexOf(separator);
  if (cut < 0) return fileName;
  const parent = cut === 0 ? '' : trimmed.slice(0, cut);
  return `${parent}${separator}${fileName}`;
}
