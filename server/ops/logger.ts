import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * What must never reach a log line, wherever it turns up in a logged object: credentials,
 * tokens and payment details (docs/decisions/0027-request-logs-and-metrics.md). The request
 * log never logs headers or bodies in the first place; this is the second fence.
 */
export const REDACTED_PATHS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'authorization',
  'cookie',
  'cardNumber',
  'upiId',
  'signature',
  'secret',
].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

/**
 * The server's logger: pino, one JSON object per line on stdout (level, time, pid, msg and
 * fields), at LOG_LEVEL (default info). `pretty` renders lines for people through pino-pretty
 * (`npm run dev`); production keeps JSON for the log collector.
 */
export function createLogger({
  pretty = false,
  level = process.env.LOG_LEVEL || 'info',
  destination,
}: {
  pretty?: boolean;
  level?: string;
  /** Where JSON lines go (tests); default stdout. */
  destination?: pino.DestinationStream;
} = {}): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  if (pretty)
    return pino({
      ...options,
      transport: {
        target: 'pino-pretty',
        options: {
          colorize: true,
          translateTime: 'HH:MM:ss.l',
          // A request on one line: "request GET /products 200 (3.2 ms)".
          messageFormat: '{msg}{if method} {method} {route} {status} ({ms} ms){end}',
          ignore: 'pid,reqId,method,route,status,ms',
        },
      },
    });
  return destination ? pino(options, destination) : pino(options);
}

/** A logger that writes nothing: the default of an app built in tests. */
export const silentLogger: Logger = pino({ level: 'silent' });
