// Reads a stored capture check back from run.json.
import type { CaptureCheck, CompositeEstimate } from '../capture/types';
import { booleanAt, FieldProblem, integerAt, numberAt, objectAt, oneOf, stringAt } from './fieldReader';

function rgbAt(value: unknown, field: string): [number, number, number] {
  if (!Array.isArray(value) || value.length !== 3) throw new FieldProblem(field, 'must be [r, g, b]');
  return [
    numberAt(value[0], `${field}[0]`),
    numberAt(value[1], `${field}[1]`),
    numberAt(value[2], `${field}[2]`),
  ];
}

function parseEstimate(value: unknown, field: string): CompositeEstimate {
  const object = objectAt(value, field);
  return {
    model: oneOf(object['model'], `${field}.model`, ['opaque', 'translucent', 'transparent'] as const),
    alpha: numberAt(object['alpha'], `${field}.alpha`, 0, 1),
    minRgb: rgbAt(object['minRgb'], `${field}.minRgb`),
    maxRgb: rgbAt(object['maxRgb'], `${field}.maxRgb`),
    textColor: stringAt(object['textColor'], `${field}.textColor`),
    tolerance: numberAt(object['tolerance'], `${field}.tolerance`, 0, 255),
    description: stringAt(object['description'], `${field}.description`),
  };
}

export function parseCaptureCheck(value: unknown, field: string): CaptureCheck {
  const object = objectAt(value, field);
  const ratio = (key: string): number => numberAt(object[key], `${field}.${key}`, 0, 1);
  return {
    inCapture: booleanAt(object['inCapture'], `${field}.inCapture`),
    matchRatio: ratio('matchRatio'),
    sampledPixels: integerAt(object['sampledPixels'], `${field}.sampledPixels`),
    threshold: ratio('threshold'),
    expected: parseEstimate(object['expected'], `${field}.expected`),
    backgroundRatio: ratio('backgroundRatio'),
    surroundingRatio: ratio('surroundingRatio'),
    surroundingPixels: integerAt(object['surroundingPixels'], `${field}.surroundingPixels`),
    reason: stringAt(object['reason'], `${field}.reason`),
  };
}
