// The advance table Robolectric generated from Android's text stack (conformance/text-stack/font-metrics.json).
import generated from '../../../conformance/text-stack/font-metrics.json' with { type: 'json' };
import type { AndroidFontTable } from './androidMeasurer';

export const ANDROID_FONT_TABLE: AndroidFontTable = generated as AndroidFontTable;
