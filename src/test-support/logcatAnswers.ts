// Test helper: a logcat follow and one of its lines with every field filled, for the channel and event answers.
export const logcatFollow = {
  followId: 'lf-1a2b',
  serial: 'emulator-5554',
  command: 'logcat -v threadtime -T 500',
  query: 'level:W',
  redacting: true,
  caveat: 'Redaction is best effort.',
  startedAt: '2025-06-03T14:05:09Z',
};

export const logcatLine = {
  seq: 4,
  entry: {
    time: '06-03 14:05:09.300',
    epoch_ms: 1748959509300,
    pid: 4321,
    tid: 4330,
    uid: 'u0_a120',
    priority: 'W' as const,
    tag: 'OkHttp',
    message: 'Authorization: [REDACTED]',
  },
  redactions: 1,
};
