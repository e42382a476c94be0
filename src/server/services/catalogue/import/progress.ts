// Import progress: a redrawn bar on a terminal, plain lines (every 10 %) in logs and pipes.

export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(chunk: string): unknown;
}

export function createProgress(stream: ProgressStream, label: string) {
  let lastStep = -1;
  let finished = false;
  return (done: number, total: number) => {
    if (finished) return;
    const ratio = total === 0 ? 1 : done / total;
    const percent = Math.floor(ratio * 100);
    if (stream.isTTY) {
      const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - label.length - 30));
      const filled = Math.round(ratio * width);
      stream.write(
        `\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(percent).padStart(3)}% ${done}/${total}`,
      );
      if (done >= total) stream.write('\n');
    } else {
      const step = Math.floor(percent / 10);
      if (step !== lastStep) {
        lastStep = step;
        stream.write(`${label} ${percent}% (${done}/${total})\n`);
      }
    }
    if (done >= total) finished = true;
  };
}
