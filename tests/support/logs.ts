import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../server/ops/logger.ts';

/** A log line as the server's logger writes it (pino JSON). */
export type LogLine = Record<string, unknown> & { level: number; msg?: string };

/** The server's own logger (same options), writing into memory: for reading what was logged. */
export function captureLogger(level = 'info'): {
  logger: Logger;
  lines: () => LogLine[];
  text: () => string;
} {
  let text = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return {
    logger: createLogger({ level, destination }),
    text: () => text,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine),
  };
}
