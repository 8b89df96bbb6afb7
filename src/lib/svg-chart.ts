/**
 * Bar and line charts drawn on the server: this module computes the geometry (in the SVG's own units),
 * views/analytics/_chart.ejs writes the markup. No client library: the chart is an image with a title and
 * a description, and the same numbers are in a table beside it. Pure.
 */

export const CHART_WIDTH = 560;
export const CHART_HEIGHT = 260;
const PLOT = { left: 64, right: 12, top: 34, bottom: 44 };

export interface ChartPoint {
  /** The x axis label (a month: 'gen', 'feb 26'). */
  label: string;
  /** null: no value (a month without reviews); the line breaks there. */
  value: number | null;
  /** The value as the table shows it, for the hover title. */
  valueLabel: string;
}

export interface ChartInput {
  kind: 'bar' | 'line';
  /** Read out by screen readers (the <title>), with the axis labels. */
  title: string;
  description: string;
  xAxisLabel: string;
  yAxisLabel: string;
  points: ChartPoint[];
  /** Tick label of a value on the y axis. */
  tickLabel: (value: number) => string;
  /** A fixed top of the y axis (5 for ratings); otherwise a round number above the largest value. */
  max?: number;
}

export interface ChartModel {
  kind: 'bar' | 'line';
  width: number;
  height: number;
  title: string;
  description: string;
  xAxisLabel: string;
  yAxisLabel: string;
  plot: { left: number; right: number; top: number; bottom: number };
  ticks: { y: number; label: string }[];
  /** Every x label; `minor` ones are hidden on narrow screens when there are many. */
  xLabels: { x: number; label: string; minor: boolean }[];
  bars: { x: number; y: number; width: number; height: number; title: string }[];
  /** Line charts: one polyline per run of consecutive values, and a dot per value. */
  lines: string[];
  dots: { x: number; y: number; title: string }[];
}

/** A round step (1, 2 or 5 × 10^n, at least 1: counts and whole euro) giving at most `count` intervals up to `max`. */
export function niceStep(max: number, count = 4): number {
  if (max <= 0) return 1;
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  return Math.max(1, step);
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

export function chart(input: ChartInput): ChartModel {
  const left = PLOT.left;
  const right = CHART_WIDTH - PLOT.right;
  const top = PLOT.top;
  const bottom = CHART_HEIGHT - PLOT.bottom;
  const values = input.points.map((p) => p.value ?? 0);
  const step = input.max ? 1 : niceStep(Math.max(0, ...values));
  const top_ = input.max ?? Math.max(step, Math.ceil(Math.max(0, ...values) / step) * step);
  const yOf = (v: number): number => round1(bottom - ((bottom - top) * v) / top_);
  const ticks = [];
  for (let v = 0; v <= top_ + 1e-9; v += step) ticks.push({ y: yOf(v), label: input.tickLabel(v) });
  const n = Math.max(1, input.points.length);
  const slot = (right - left) / n;
  const centre = (i: number): number => round1(left + slot * (i + 0.5));
  const crowded = n > 8;
  const xLabels = input.points.map((p, i) => ({ x: centre(i), label: p.label, minor: crowded && i % 2 === 1 }));
  const model: ChartModel = {
    kind: input.kind,
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    title: input.title,
    description: input.description,
    xAxisLabel: input.xAxisLabel,
    yAxisLabel: input.yAxisLabel,
    plot: { left, right, top, bottom },
    ticks,
    xLabels,
    bars: [],
    lines: [],
    dots: [],
  };
  if (input.kind === 'bar') {
    const width = round1(Math.max(2, slot * 0.64));
    model.bars = input.points.map((p, i) => {
      const y = yOf(p.value ?? 0);
      return {
        x: round1(centre(i) - width / 2),
        y,
        width,
        height: round1(bottom - y),
        title: `${p.label}: ${p.valueLabel}`,
      };
    });
    return model;
  }
  let run: string[] = [];
  input.points.forEach((p, i) => {
    if (p.value === null) {
      if (run.length > 0) model.lines.push(run.join(' '));
      run = [];
      return;
    }
    const point = { x: centre(i), y: yOf(p.value) };
    run.push(`${point.x},${point.y}`);
    model.dots.push({ ...point, title: `${p.label}: ${p.valueLabel}` });
  });
  if (run.length > 0) model.lines.push(run.join(' '));
  return model;
}
