// Hands data to the browser's download manager (a blob URL on an anchor; Electron and browsers both handle it, and
// a browser picks a new name when the file already exists).
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
