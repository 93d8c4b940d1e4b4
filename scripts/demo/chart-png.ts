// Bar-chart figures as PNG for the demo manuscripts (and the converter's tests): an RGB image drawn pixel by pixel
// and encoded with fflate's zlib, so the Word files carry real pictures without a drawing library.
import { zlibSync } from "fflate";

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A PNG of `values` as bars (0..1 each) in `color` ([r, g, b]) on white, with axes. */
export function barChartPng(values: number[], color: [number, number, number], width = 480, height = 300): Uint8Array {
  const row = width * 3 + 1;
  const raw = new Uint8Array(row * height).fill(255);
  for (let y = 0; y < height; y++) raw[y * row] = 0;
  const set = (x: number, y: number, [r, g, b]: [number, number, number]) => {
    const at = y * row + 1 + x * 3;
    raw[at] = r;
    raw[at + 1] = g;
    raw[at + 2] = b;
  };
  const left = 40;
  const bottom = height - 30;
  for (let y = 20; y <= bottom; y++) set(left, y, [40, 40, 40]);
  for (let x = left; x < width - 20; x++) set(x, bottom, [40, 40, 40]);
  const slot = (width - left - 40) / values.length;
  values.forEach((v, i) => {
    const x0 = Math.round(left + 10 + i * slot);
    const x1 = Math.round(x0 + slot * 0.7);
    const top = Math.round(bottom - Math.max(0.02, Math.min(1, v)) * (bottom - 30));
    for (let x = x0; x < x1; x++) for (let y = top; y < bottom; y++) set(x, y, color);
  });
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlibSync(raw, { level: 9 })),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
