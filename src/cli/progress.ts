/** Progress on stderr: a bar redrawn in place on a terminal; otherwise one line per tenth (logs, CI). */
export interface Progress {
  update(done: number, total: number, detail: string): void;
  finish(): void;
}

export function progressBar(stream: NodeJS.WriteStream, label: string): Progress {
  const tty = stream.isTTY === true;
  let lastTenth = -1;
  let drawn = false;
  return {
    update(done, total, detail) {
      const ratio = total === 0 ? 1 : done / total;
      const counts = `${done}/${total} (${detail})`;
      if (tty) {
        const width = 30;
        const filled = Math.round(ratio * width);
        stream.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${Math.floor(ratio * 100)}% ${counts}`);
        drawn = true;
        return;
      }
      const tenth = Math.floor(ratio * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      stream.write(`${label}: ${tenth * 10}% ${counts}\n`);
    },
    finish() {
      if (drawn) stream.write('\n');
    },
  };
}
