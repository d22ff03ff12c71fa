import { closeSync, openSync, writeSync } from 'node:fs';

/** JSON Lines to a file (traces, query logs), buffered and written in large chunks. */
export class LineWriter {
  private readonly fd: number;
  private buf: string[] = [];
  private size = 0;

  /** Throws `fault(file)` when the file cannot be opened for writing. */
  constructor(file: string, fault: (file: string) => Error) {
    try {
      this.fd = openSync(file, 'w');
    } catch {
      throw fault(file);
    }
  }

  line(s: string): void {
    this.buf.push(s);
    this.size += s.length;
    if (this.size > 1 << 20) this.flush();
  }

  flush(): void {
    if (this.buf.length > 0) writeSync(this.fd, `${this.buf.join('\n')}\n`);
    this.buf = [];
    this.size = 0;
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}
