/**
 * Reading a PDF the page printed, as a person would check it: its text per page (pdftotext, poppler), its page size
 * (pdfinfo), and how white its pages are (pdftoppm to a greyscale bitmap).
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnGroup } from './child-processes';

/** Runs a poppler tool to its end; its standard output. */
function run(command: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnGroup(command, args);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`${command} exited ${code}: ${Buffer.concat(err).toString('utf8')}`));
    });
  });
}

async function withPdf<T>(pdf: Buffer, read: (path: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'venue-pdf-'));
  try {
    const path = join(dir, 'doc.pdf');
    await writeFile(path, pdf);
    return await read(path, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of each page, laid out (pdftotext -layout). */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const text = await withPdf(pdf, (path) => run('pdftotext', ['-layout', path, '-']));
  const pages = text.split('\f');
  return pages.at(-1)?.trim() === '' ? pages.slice(0, -1) : pages;
}

/** The first page's size in millimetres (pdfinfo). */
export async function pdfPageSizeMm(pdf: Buffer): Promise<{ readonly width: number; readonly height: number }> {
  const info = await withPdf(pdf, (path) => run('pdfinfo', [path]));
  const match = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  if (match === null) throw new Error(`no page size in pdfinfo's answer: ${info}`);
  const mm = (points: string) => (Number(points) * 25.4) / 72;
  return { width: mm(match[1] ?? '0'), height: mm(match[2] ?? '0') };
}

/** Per page: the share of pixels that are white or nearly (a greyscale render at 40 dpi), and its corners' grey. */
export async function pdfWhiteness(pdf: Buffer): Promise<{ readonly white: number; readonly corners: number }[]> {
  return withPdf(pdf, async (path, dir) => {
    await run('pdftoppm', ['-gray', '-r', '40', path, join(dir, 'page')]);
    const names = (await readdir(dir)).filter((name) => name.endsWith('.pgm')).sort();
    const pages = [];
    for (const name of names) {
      const data = await readFile(join(dir, name));
      // P5 header: "P5\n<width> <height>\n<max>\n", then one byte per pixel.
      const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 40).toString('latin1'));
      if (header === null) throw new Error('not a PGM image');
      const width = Number(header[1]);
      const height = Number(header[2]);
      const pixels = data.subarray(header[0].length);
      let white = 0;
      for (const value of pixels) if (value >= 245) white += 1;
      const at = (x: number, y: number) => pixels[y * width + x] ?? 0;
      const corners = Math.min(at(0, 0), at(width - 1, 0), at(0, height - 1), at(width - 1, height - 1));
      pages.push({ white: white / pixels.length, corners });
    }
    return pages;
  });
}
