// How a run's context (run.json `context`, reported by the Operator's hello around the capture) reads in Results and
// History: short facts, each only when the device reported it. Pure.
import type { RunContext } from '../../../shared/api/evidence';

export interface ContextFact {
  name: string;
  value: string;
}

/** "com.example.shop 2.4.1 (241)", the label when there is no package name, or undefined. */
export function appAtCapture(app: RunContext['foregroundApp']): string | undefined {
  if (app === undefined) return undefined;
  const name = app.packageName ?? app.label;
  if (name === null) return undefined;
  const version = [app.versionName, app.versionCode === null ? null : `(${app.versionCode})`]
    .filter((part) => part !== null)
    .join(' ');
  return version === '' ? name : `${name} ${version}`;
}

/** The facts in reading order: app at capture, Android, locale, display. */
export function contextFacts(context: RunContext): ContextFact[] {
  const facts: ContextFact[] = [];
  const app = appAtCapture(context.foregroundApp);
  if (app !== undefined) facts.push({ name: 'App at capture', value: app });
  if (context.androidRelease !== undefined) facts.push({ name: 'Android', value: context.androidRelease });
  if (context.locale !== undefined) facts.push({ name: 'Locale', value: context.locale });
  const display = context.display;
  if (display !== undefined) {
    const rotation = display.rotation === 0 ? '' : `, rotated ${display.rotation}°`;
    facts.push({
      name: 'Display',
      value: `${display.widthPx}×${display.heightPx} px, ${display.densityDpi} dpi, font ×${display.fontScale}${rotation}`,
    });
  }
  return facts;
}

/** One line for a History entry, the long app name last (it is the part an ellipsis may cut): "Android 15 · de-DE · com.example.shop 2.4.1 (241)". */
export function contextLine(context: RunContext | undefined): string | undefined {
  if (context === undefined) return undefined;
  const parts = [
    context.androidRelease === undefined ? undefined : `Android ${context.androidRelease}`,
    context.locale,
    appAtCapture(context.foregroundApp),
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? undefined : parts.join(' · ');
}
