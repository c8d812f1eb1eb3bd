// The part of async-exit-hook 2.0.1 (no published types) that api/db/embedded-postgres.ts uses.
declare module 'async-exit-hook' {
  interface AsyncExitHook {
    (hook: (done?: () => void) => void): void;
    /** Stops listening to one process event ('beforeExit', 'SIGINT', …). */
    unhookEvent(event: string): void;
    hookedEvents(): string[];
  }
  const asyncExitHook: AsyncExitHook;
  export default asyncExitHook;
}
