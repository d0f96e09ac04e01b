import { z } from "zod";
import { REDEEM_KINDS } from "../../app/upstream/outcome.schemas";
import codesJson from "./codes.json";

/**
 * The sandbox's demo gift and redeem codes (codes.json): a valid gift, a valid redeem code, a
 * used and an expired one. Redeeming a valid code leaves it valid, so a demo can be repeated.
 */
const codeSchema = z.object({
  code: z.string().regex(/^[A-Z0-9-]{4,64}$/),
  kind: z.enum(REDEEM_KINDS),
  planId: z.number().int().positive(),
  state: z.enum(["valid", "used", "expired"]),
  expiresAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type DemoRedeemCode = z.infer<typeof codeSchema>;

export const REDEEM_CODES: readonly DemoRedeemCode[] = z
  .object({ codes: z.array(codeSchema) })
  .parse(codesJson).codes;

/** The demo code (any case), or undefined. */
export function redeemCodeOf(code: string): DemoRedeemCode | undefined {
  const upper = code.toUpperCase();
  return REDEEM_CODES.find((c) => c.code === upper);
}
