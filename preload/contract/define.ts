/** The shape of one invoke channel: a zod tuple for its arguments and a phantom result type. */
import type { z } from 'zod';

declare const resultBrand: unique symbol;

/** One channel's specification. The result type is carried at the type level only. */
export interface ChannelSpec<Args extends z.ZodTuple, Result> {
  readonly args: Args;
  readonly [resultBrand]?: Result;
}

/** Declares a channel: `channel<Result>()(z.tuple([...]))`. */
export function channel<Result>() {
  return <Args extends z.ZodTuple>(args: Args): ChannelSpec<Args, Result> => ({ args });
}
