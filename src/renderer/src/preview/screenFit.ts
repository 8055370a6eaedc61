// Fitting a device screen into the preview box at the screen's real aspect ratio.

export interface Size {
  width: number;
  height: number;
}

/** The largest size with the screen's aspect ratio inside `box`, and its scale (CSS px per device px). */
export function fitScreen(screen: Size, box: Size): Size & { scale: number } {
  if (screen.width <= 0 || screen.height <= 0 || box.width <= 0 || box.height <= 0) {
    return { width: 0, height: 0, scale: 0 };
  }
  const scale = Math.min(box.width / screen.width, box.height / screen.height);
  return { width: screen.width * scale, height: screen.height * scale, scale };
}
