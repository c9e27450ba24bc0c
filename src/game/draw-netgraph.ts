/**
 * The net graph overlay (F2 / net_graph 1): the metric lines and two live plots (ping; bytes in
 * and out per second), fed one sample per frame.
 * Input: Kit, FrameInfo, the graph's rings and fps. Invariant: the plot buffers are allocated once
 * per mount (`createNetGraph`); a frame only writes into them.
 */
import type { Color } from 'kaboom';
import type { NetStats } from '../arena/client/view-model';
import {
  SampleRing,
  netGraphLines,
  niceCeiling,
  plotCoords,
  type CheckpointInfo,
  type PlotRect,
} from './net-graph-model';
import { fillRect, line, text, type Kit } from './render-kit';

const SAMPLES = 180;
const WIDTH = 380;
const PLOT_H = 46;

export interface NetGraph {
  ping: SampleRing;
  bytesIn: SampleRing;
  bytesOut: SampleRing;
  coords: Float64Array;
}

export function createNetGraph(): NetGraph {
  return {
    ping: new SampleRing(SAMPLES),
    bytesIn: new SampleRing(SAMPLES),
    bytesOut: new SampleRing(SAMPLES),
    coords: new Float64Array(SAMPLES * 2),
  };
}

export function sampleNetGraph(g: NetGraph, s: NetStats): void {
  g.ping.push(s.pingMs);
  g.bytesIn.push(s.bytesInPerSec);
  g.bytesOut.push(s.bytesOutPerSec);
}

function plot(kit: Kit, g: NetGraph, ring: SampleRing, rect: PlotRect, top: number, color: Color): void {
  const n = plotCoords(ring, rect, top, g.coords);
  for (let i = 1; i < n; i++) {
    line(
      kit,
      g.coords[2 * i - 2] ?? 0,
      g.coords[2 * i - 1] ?? 0,
      g.coords[2 * i] ?? 0,
      g.coords[2 * i + 1] ?? 0,
      1.5,
      color,
    );
  }
}

export function drawNetGraph(
  kit: Kit,
  g: NetGraph,
  s: NetStats,
  fps: number,
  viewW: number,
  viewH: number,
  checkpoint: CheckpointInfo | null = null,
): void {
  const lines = netGraphLines(s, fps, checkpoint);
  const h = 16 + lines.length * 17 + 2 * (PLOT_H + 22);
  const x = viewW - WIDTH - 12;
  const y = viewH - h - 12;
  fillRect(kit, x, y, WIDTH, h, kit.color('panel'), 0.86);
  fillRect(kit, x, y, WIDTH, 2, kit.color('panelEdge'));
  let ty = y + 8;
  for (const l of lines) {
    text(kit, l, x + 10, ty, 13, kit.color('text'), 1, 'mono');
    ty += 17;
  }
  const pingTop = niceCeiling(Math.max(g.ping.max(), 50));
  const pingRect = { x: x + 10, y: ty + 16, w: WIDTH - 20, h: PLOT_H };
  text(kit, `ping (top ${pingTop} ms)`, x + 10, ty + 2, 11, kit.color('plotPing'), 1, 'mono');
  fillRect(kit, pingRect.x, pingRect.y, pingRect.w, pingRect.h, kit.color('background'), 0.6);
  plot(kit, g, g.ping, pingRect, pingTop, kit.color('plotPing'));
  ty = pingRect.y + PLOT_H + 4;
  const bytesTop = niceCeiling(Math.max(g.bytesIn.max(), g.bytesOut.max(), 1000));
  const bytesRect = { x: x + 10, y: ty + 16, w: WIDTH - 20, h: PLOT_H };
  text(kit, `bytes/s in (green) out (orange), top ${bytesTop}`, x + 10, ty + 2, 11, kit.color('plotIn'), 1, 'mono');
  fillRect(kit, bytesRect.x, bytesRect.y, bytesRect.w, bytesRect.h, kit.color('background'), 0.6);
  plot(kit, g, g.bytesIn, bytesRect, bytesTop, kit.color('plotIn'));
  plot(kit, g, g.bytesOut, bytesRect, bytesTop, kit.color('plotOut'));
}
