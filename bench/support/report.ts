// The benchmark's figures: one row per measured figure with its budget and
// verdict, printed as a table and written to bench/results/latest.json.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface Figure {
  part: string;
  name: string;
  /** What was measured, formatted for the table (absolute numbers). */
  value: string;
  /** The budget in words, or "" when the figure is reported only. */
  budget: string;
  /** The figure against the same-run baseline, e.g. "0.42× node:http" ("" when none applies). */
  ratio: string;
  /** null: reported only (no budget, or not measurable in this run). */
  pass: boolean | null;
  /** Raw numbers for the JSON file. */
  data?: Record<string, unknown>;
}

export class Report {
  readonly figures: Figure[] = [];
  readonly details: Record<string, unknown> = {};
  readonly notes: string[] = [];

  add(figure: Figure): void {
    this.figures.push(figure);
  }

  note(text: string): void {
    this.notes.push(text);
    console.log(`  note: ${text}`);
  }

  table(): string {
    const header = ["Part", "Figure", "Value", "Budget", "Ratio", "Result"];
    const rows = this.figures.map((f) => [f.part, f.name, f.value, f.budget || "—", f.ratio || "—", verdict(f.pass)]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
    return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
  }

  /** The same table in Markdown, for the README. */
  markdown(): string {
    const rows = this.figures.map((f) => `| ${f.part} | ${f.name} | ${f.value} | ${f.budget || "—"} | ${f.ratio || "—"} | ${verdict(f.pass)} |`);
    return ["| Part | Figure | Value | Budget | Ratio | Result |", "| --- | --- | --- | --- | --- | --- |", ...rows].join("\n");
  }

  write(file: string, options: Record<string, unknown>, startedAt: Date): void {
    mkdirSync(path.dirname(file), { recursive: true });
    const cpus = os.cpus();
    const result = {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      options,
      machine: {
        cpus: cpus.length,
        cpuModel: cpus[0]?.model,
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        loadAverage: os.loadavg(),
        node: process.version,
      },
      passed: this.figures.filter((f) => f.pass === true).length,
      failed: this.figures.filter((f) => f.pass === false).length,
      figures: this.figures,
      notes: this.notes,
      markdown: this.markdown(),
      details: this.details,
    };
    writeFileSync(file, JSON.stringify(result, null, 2) + "\n");
  }
}

function verdict(pass: boolean | null): string {
  return pass === null ? "info" : pass ? "PASS" : "FAIL";
}

/** Percentile by nearest rank of an ascending-sorted list. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

export function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
export const times = (value: number) => `${value.toFixed(2)}×`;
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
