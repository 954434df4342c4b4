import type { FastifyBaseLogger, FastifyLogFn as LogFn } from 'fastify';

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
 * A logger made only when a line is written through it at a level that is on. Pino's child (its
 * bindings serialized, its level methods set) is most of what logging costs a request that logs
 * nothing, as most do when LOG_LEVEL is above `info`; lines written go through the same child,
 * with the same request id, as before. Its own children are made the same way, so that the
 * request loggers Fastify asks of it (with its default factory, which it does not check on each
 * request as it checks any other) cost a request an object and no more.
 */
class LazyLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;
  private readonly threshold: number;

  constructor(
    private readonly parent: LazyLogger | undefined,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
    made?: FastifyBaseLogger,
  ) {
    this.made = made;
    this.threshold = weightOf(options.level ?? (parent ?? made)!.level);
  }

  /** The pino logger this one's lines go through, made on first need (and its parents with it). */
  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent!.real().child(this.bindings, this.options));
  }

  private write(level: Level, line: Parameters<LogFn>): void {
    if (WEIGHTS[level]! < this.threshold && this.made === undefined) return;
    (this.real()[level] as (...line: unknown[]) => void)(...line);
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent!.level;
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
    return new LazyLogger(this, bindings, options ?? {});
  }
}

/**
 * Fastify's `loggerInstance`: `logger`, whose children (the app's, each request's) are made only
 * when first written to.
 */
export function lazyLogger(logger: FastifyBaseLogger): FastifyBaseLogger {
  return new LazyLogger(undefined, {}, {}, logger);
}
