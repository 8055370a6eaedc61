// Types of lint/layers.js (plain JS so eslint.config.js can import it without a build step).
export interface Zone {
  target: string;
  from: string | string[];
  except?: string[];
  message: string;
}
export const TOP_LEVEL: Record<string, string[]>;
export const LAYERS: Record<string, string[][]>;
export const LAZY_PORTS: { file: string; imports: string }[];
export function productionZones(): Zone[];
export function testZones(): Zone[];
