import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';

type Labels<L extends string> = Partial<Record<L, string | number>>;
/** What a collect callback answers: one value per label set. */
export type Samples<L extends string> = { labels: Labels<L>; value: number }[];

/** Request latency buckets, in seconds: from a memory hit to a service's timeout. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One method/route/status: its count, the sum of its durations and its latency buckets (cumulative at scrape). */
interface RouteSeries {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  buckets: Float64Array;
}

/** What prom-client's registry asks a metric for at scrape time (its own metrics have the same shape). */
interface CollectedMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  values: { labels: Record<string, string | number>; value: number; metricName?: string }[];
}

/**
 * The Prometheus metrics of one app: its own registry (so several apps in one test process never
 * collide), the process' default metrics, and HTTP requests counted and timed by method, route
 * pattern (never the raw URL, so the series stay bounded) and status. An app adds its own series
 * with `counter`/`gauge`, optionally read at scrape time from state it already keeps.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly series = new Map<string, RouteSeries>();

  constructor(
    readonly service: string,
    options: { defaultMetrics?: boolean } = {},
  ) {
    this.registry.setDefaultLabels({ service });
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry });
    // Counted per request in plain numbers (a few nanoseconds, this runs on every answer), turned into
    // the Prometheus counter and histogram only when scraped.
    this.registry.registerMetric(this.collected('http_requests_total') as never);
    this.registry.registerMetric(this.collected('http_request_duration_seconds') as never);
  }

  /** Counts and times one answered request. `route` is the matched pattern, or `unmatched`. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let s = this.series.get(key);
    if (!s) {
      s = {
        labels: { method, route, status: String(status) },
        count: 0,
        sum: 0,
        buckets: new Float64Array(LATENCY_BUCKETS.length),
      };
      this.series.set(key, s);
    }
    s.count++;
    s.sum += seconds;
    for (let i = 0; i < LATENCY_BUCKETS.length; i++) {
      if (seconds <= LATENCY_BUCKETS[i]) {
        s.buckets[i]++;
        break;
      }
    }
  }

  private collected(name: 'http_requests_total' | 'http_request_duration_seconds') {
    const series = this.series;
    const metric = {
      name,
      help:
        name === 'http_requests_total'
          ? 'HTTP requests answered, by method, route pattern and status'
          : 'Time from receiving a request to sending its answer, by method, route pattern and status',
      type: name === 'http_requests_total' ? 'counter' : 'histogram',
      get(): CollectedMetric {
        const values: CollectedMetric['values'] = [];
        for (const s of series.values()) {
          if (name === 'http_requests_total') {
            values.push({ labels: s.labels, value: s.count });
            continue;
          }
          let cumulative = 0;
          LATENCY_BUCKETS.forEach((le, i) => {
            cumulative += s.buckets[i];
            values.push({ labels: { ...s.labels, le }, value: cumulative, metricName: `${name}_bucket` });
          });
          values.push({ labels: { ...s.labels, le: '+Inf' }, value: s.count, metricName: `${name}_bucket` });
          values.push({ labels: s.labels, value: s.sum, metricName: `${name}_sum` });
          values.push({ labels: s.labels, value: s.count, metricName: `${name}_count` });
        }
        return { name, help: metric.help, type: metric.type as CollectedMetric['type'], aggregator: 'sum', values };
      },
      reset() {
        series.clear();
      },
    };
    return metric;
  }

  /**
   * A counter. With `read`, its values are taken at scrape time from a running total the app already
   * keeps (a counter must only grow: `read` answers totals, never deltas).
   */
  counter<L extends string = never>(
    name: string,
    help: string,
    labelNames: L[] = [],
    read?: () => Samples<L> | Promise<Samples<L>>,
  ): Counter<L> {
    const existing = this.registry.getSingleMetric(name);
    if (existing) return existing as Counter<L>;
    return new Counter<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      ...(read && {
        async collect(this: Counter<L>) {
          const samples = await read();
          this.reset();
          for (const s of samples) this.inc(s.labels as never, s.value);
        },
      }),
    });
  }

  /** A gauge; with `read`, set at scrape time (a read that fails leaves a labelled gauge without samples). */
  gauge<L extends string = never>(
    name: string,
    help: string,
    labelNames: L[] = [],
    read?: () => Samples<L> | Promise<Samples<L>>,
  ): Gauge<L> {
    const existing = this.registry.getSingleMetric(name);
    if (existing) return existing as Gauge<L>;
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      ...(read && {
        async collect(this: Gauge<L>) {
          this.reset();
          let samples: Samples<L> = [];
          try {
            samples = await read();
          } catch {
            return;
          }
          for (const s of samples) this.set(s.labels as never, s.value);
        },
      }),
    });
  }

  /** The exposition text and its content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** Resolves to `fallback` if `promise` has not settled within `ms` (a scrape never waits on a dead peer). */
export function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((resolve) => {
      timer = setTimeout(() => resolve(fallback), ms);
      timer.unref();
    }),
  ]);
}
