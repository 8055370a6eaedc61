// Diagnostics on stderr, filtered by --log-level; stdout carries only the command's JSON output.

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface TextSink {
  write(text: string): unknown;
}

export type Logger = (level: LogLevel, message: string) => void;

export function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

/** A logger that writes `androperator <level>: <message>` lines for levels at or above `threshold`. */
export function createLogger(sink: TextSink, threshold: LogLevel): Logger {
  const minimum = LOG_LEVELS.indexOf(threshold);
  return (level, message) => {
    if (LOG_LEVELS.indexOf(level) >= minimum) sink.write(`androperator ${level}: ${message}\n`);
  };
}
