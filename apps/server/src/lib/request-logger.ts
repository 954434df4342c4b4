import type { FastifyBaseLogger, FastifyLogFn as LogFn, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/** Pino's levels, by weight: a line is written when its level weighs at least the logger's. */
const WEIGHTS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

const weightOf = (level: string) => WEIGHTS[level] ?? WEIGHTS.info!;

/**
 * A request's logger, made only when the request writes a line at a level that is on. Pino's
 * child (its bindings serialized, its level methods set) is most of what logging costs a request
 * that logs nothing, as most do when LOG_LEVEL is above `info`; lines written go through the same
 * child, with the same request id, as before.
 */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;
  private readonly threshold: number;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {
    this.threshold = weightOf(options.level ?? parent.level);
  }

  /** The pino child this request's lines go through, made on first need. */
  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: Level, line: Parameters<LogFn>): void {
    if (WEIGHTS[level]! < this.threshold && this.made === undefined) return;
    (this.real()[level] as (...line: unknown[]) => void)(...line);
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  // Methods of the class, not functions made for each request's logger.
  fatal(...line: Parameters<LogFn>): void {
    this.write('fatal', line);
  }
  error(...line: Parameters<LogFn>): void {
    this.write('error', line);
  }
  warn(...line: Parameters<LogFn>): void {
    this.write('warn', line);
  }
  info(...line: Parameters<LogFn>): void {
    this.write('info', line);
  }
  debug(...line: Parameters<LogFn>): void {
    this.write('debug', line);
  }
  trace(...line: Parameters<LogFn>): void {
    this.write('trace', line);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made when first written to. */
export const requestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new RequestLogger(logger, bindings, options);
