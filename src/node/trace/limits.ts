// The analyser's budgets, enforced before allocating (reference 8.4).
export const LIMITS = {
  fileBytes: 64 * 1024 * 1024,
  packetBytes: 4 * 1024 * 1024,
  packets: 100_000,
  events: 500_000,
  threads: 32_768,
  cpu: 4095,
  printBytes: 1024,
} as const;
