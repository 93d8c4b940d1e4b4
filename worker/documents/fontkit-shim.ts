// @pdf-lib/fontkit's Indic and Universal shapers iterate syllables with one Babel-compiled generator that expects a
// global `regeneratorRuntime` (the build forgot to bundle it): without it, laying out Devanagari or Bengali throws
// "regeneratorRuntime is not defined". That generator (StateMachine.match) is a plain loop with no try/catch,
// delegation or return value, so this minimal runtime is enough: `wrap` drives the compiled state machine, each
// `return` with `_context.next` set is a yield, and `_context.stop()` ends it. Installed once per isolate.

interface CompiledContext {
  prev: number;
  next: number;
  done: boolean;
  stop(): void;
}

const minimalRegeneratorRuntime = {
  mark<F>(fn: F): F {
    return fn;
  },
  wrap(body: (ctx: CompiledContext) => unknown): IterableIterator<unknown> {
    const ctx: CompiledContext = {
      prev: 0,
      next: 0,
      done: false,
      stop() {
        this.done = true;
      },
    };
    const iterator: IterableIterator<unknown> = {
      next() {
        if (ctx.done) return { value: undefined, done: true };
        const value = body(ctx);
        return ctx.done ? { value: undefined, done: true } : { value, done: false };
      },
      [Symbol.iterator]() {
        return iterator;
      },
    };
    return iterator;
  },
};

const g = globalThis as { regeneratorRuntime?: unknown };
g.regeneratorRuntime ??= minimalRegeneratorRuntime;
