// Types of buildFreshness.mjs for its test.
export const INPUT_FOLDERS: string[];
export const INPUT_FILES: string[];
export const OUTPUTS: string[];
export const STAMP: string;
export function sourceFingerprint(root: string): Promise<string>;
export function buildReason(root: string): Promise<string | null>;
export function recordBuild(root: string, fingerprint?: string): Promise<void>;
