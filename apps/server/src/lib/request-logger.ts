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

  private at(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'): LogFn {
    return (...args: Parameters<LogFn>) => {
      if (weightOf(level) < this.threshold && this.made === undefined) return;
      (this.real()[level] as (...line: unknown[]) => void)(...args);
    };
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  readonly fatal = this.at('fatal');
  readonly error = this.at('error');
  readonly warn = this.at('warn');
  readonly info = this.at('info');
  readonly debug = this.at('debug');
  readonly trace = this.at('trace');
  readonly silent: LogFn = () => {};

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
