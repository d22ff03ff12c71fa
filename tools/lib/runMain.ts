/**
 * Runs a tool's `main` with its command-line arguments and exits with its code. Every fault a user can cause is
 * one sentence on stderr and exit 1; anything else is still one line, never a stack.
 */
export function runMain(main: (argv: string[]) => Promise<unknown>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(typeof code === 'number' ? code : 0),
    (e: unknown) => {
      const message = e instanceof Error ? e.message : String(e);
      process.stderr.write(`${message.endsWith('.') ? message : `${message}.`}\n`);
      process.exit(1);
    },
  );
}
