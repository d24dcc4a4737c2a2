#!/usr/bin/env python3
"""Plots JMH's JSON (bench/run's bench/target/jmh-result.json) as two SVG charts for
docs/performance.md: time per shader against shader size, and against the number of shaders in
a batch. Standard library only. Usage: bench/plot.py [RESULT.json] [OUT_DIR]"""
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"]


def load(path):
    rows = []
    for r in json.loads(Path(path).read_text()):
        m = r["primaryMetric"]
        rows.append({"name": r["benchmark"].rsplit(".", 2)[-2] + "." + r["benchmark"].rsplit(".", 1)[-1],
                     "params": r.get("params", {}), "score": m["score"], "error": m["scoreError"], "unit": m["scoreUnit"]})
    return rows


def chart(title, xlabel, ylabel, series, log_x, out):
    """series: [(label, [(x, y, err)])]; a line chart with error bars, y from 0 (linear)."""
    w, h, left, right, top, bottom = 640, 400, 70, 170, 40, 50
    pw, ph = w - left - right, h - top - bottom
    xs = sorted({p[0] for _, pts in series for p in pts})
    ymax = max(p[1] + (p[2] if math.isfinite(p[2]) else 0) for _, pts in series for p in pts) * 1.1
    fx = (lambda x: (math.log10(x) - math.log10(xs[0])) / max(1e-9, math.log10(xs[-1]) - math.log10(xs[0]))) if log_x \
        else (lambda x: (x - xs[0]) / max(1e-9, xs[-1] - xs[0]))
    X = lambda x: left + fx(x) * pw
    Y = lambda y: top + ph - y / ymax * ph
    s = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">',
         f'<rect width="{w}" height="{h}" fill="white"/>',
         f'<text x="{left + pw / 2}" y="22" text-anchor="middle" font-size="14">{title}</text>',
         f'<line x1="{left}" y1="{top + ph}" x2="{left + pw}" y2="{top + ph}" stroke="black"/>',
         f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + ph}" stroke="black"/>',
         f'<text x="{left + pw / 2}" y="{h - 12}" text-anchor="middle">{xlabel}</text>',
         f'<text x="16" y="{top + ph / 2}" text-anchor="middle" transform="rotate(-90 16 {top + ph / 2})">{ylabel}</text>']
    for x in xs:
        s.append(f'<line x1="{X(x):.1f}" y1="{top + ph}" x2="{X(x):.1f}" y2="{top + ph + 5}" stroke="black"/>')
        s.append(f'<text x="{X(x):.1f}" y="{top + ph + 18}" text-anchor="middle">{x:g}</text>')
    step = 10 ** math.floor(math.log10(ymax / 4)) if ymax > 0 else 1
    while ymax / step > 8:
        step *= 2
    y = 0.0
    while y <= ymax:
        s.append(f'<line x1="{left - 5}" y1="{Y(y):.1f}" x2="{left + pw}" y2="{Y(y):.1f}" stroke="#ddd"/>')
        s.append(f'<text x="{left - 8}" y="{Y(y) + 4:.1f}" text-anchor="end">{y:g}</text>')
        y += step
    for k, (label, pts) in enumerate(series):
        c = COLORS[k % len(COLORS)]
        pts = sorted(pts)
        s.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>' % (c, " ".join(f"{X(x):.1f},{Y(v):.1f}" for x, v, _ in pts)))
        for x, v, e in pts:
            s.append(f'<circle cx="{X(x):.1f}" cy="{Y(v):.1f}" r="3" fill="{c}"/>')
            if math.isfinite(e) and e > 0:
                s.append(f'<line x1="{X(x):.1f}" y1="{Y(max(0, v - e)):.1f}" x2="{X(x):.1f}" y2="{Y(v + e):.1f}" stroke="{c}"/>')
        s.append(f'<rect x="{left + pw + 15}" y="{top + 20 * k}" width="12" height="12" fill="{c}"/>')
        s.append(f'<text x="{left + pw + 32}" y="{top + 20 * k + 11}">{label}</text>')
    s.append("</svg>")
    Path(out).write_text("\n".join(s) + "\n")
    print(f"wrote {out}")


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else ROOT / "bench/target/jmh-result.json"
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "docs"
    rows = load(src)
    size = [(stage, [(int(r["params"]["words"]), r["score"], r["error"]) for r in rows if r["name"] == "ToolchainBenchmark." + stage])
            for stage in ("assemble", "link", "disassemble")]
    size = [s for s in size if s[1]]
    if size:
        chart("Time per shader against its size (JDK 17, warm)", "shader size (words)", "microseconds per shader", size, False,
              out / "performance-size.svg")
    batch = []
    for t in ("1", "2"):
        pts = [(int(r["params"]["batch"]), r["score"] / int(r["params"]["batch"]), r["error"] / int(r["params"]["batch"]))
               for r in rows if r["name"] == "BatchBenchmark.assembleAndLinkEach" and r["params"]["threads"] == t]
        if pts:
            batch.append((f"{t} thread{'s' if t != '1' else ''}", pts))
    if batch:
        chart("Assemble + link, per 16-word shader, in one warm JVM", "shaders in the batch (log scale)", "microseconds per shader",
              batch, True, out / "performance-batch.svg")


if __name__ == "__main__":
    main()
