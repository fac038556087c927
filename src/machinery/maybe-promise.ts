// A step that is usually synchronous and only sometimes has to wait: its callers await it only
// when it returned a promise. Every write runs a dozen admission and strategy hooks, and an
// `await` on a value that is already there still costs a microtask turn and its allocations.

export type MaybePromise<T> = T | Promise<T>;

export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as Promise<T> | undefined)?.then === 'function';
}

/** `next(value)` now when `value` is there, else once it settles. */
export function andThen<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return isPromise(value) ? value.then(next) : next(value);
}
