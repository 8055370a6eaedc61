// WCAG contrast of what the browser draws now: for checks that text stays readable in both themes.
import type { Locator } from '@playwright/test';

/** WCAG contrast of a button's text against its background, as the browser computes them now (rgb/rgba only). */
export async function textContrast(button: Locator): Promise<number> {
  const [ink, paper] = await button.evaluate((element) => {
    const style = getComputedStyle(element);
    return [style.color, style.backgroundColor];
  });
  const luminance = (css: string): number => {
    const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).map(Number);
    const linear = (value: number): number => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const [light, dark] = [luminance(ink), luminance(paper)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
